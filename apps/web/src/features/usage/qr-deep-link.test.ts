import { describe, expect, it } from 'vitest';
import { qrCommandOf } from './qr-deep-link.ts';

const commandOf = (query: string) => qrCommandOf(new URLSearchParams(query));

describe('qrCommandOf', () => {
  it('starts a session for action=start', () => {
    expect(commandOf('action=start')).toEqual({ kind: 'start', forceTakeOver: false });
  });

  it('starts with takeover for action=startAndTakeover', () => {
    expect(commandOf('action=startAndTakeover')).toEqual({ kind: 'start', forceTakeOver: true });
  });

  it('ends the session for action=stop', () => {
    expect(commandOf('action=stop')).toEqual({ kind: 'end' });
  });

  it('does nothing extra for action=view', () => {
    expect(commandOf('action=view')).toEqual({ kind: 'none' });
  });

  it.each(['', 'action=', 'action=START', 'action=delete', 'other=start'])('ignores %j', (query) => {
    expect(commandOf(query)).toEqual({ kind: 'none' });
  });
});
