import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const KEY = 'a-secret-key-of-at-least-thirty-two-characters';

describe('secret box', () => {
  it('opens what it sealed, and never stores the clear text', () => {
    const box = createSecretBox(KEY, 'mqtt-password');
    const sealed = box.seal('hunter2-ümlaut');
    expect(sealed).not.toContain('hunter2');
    expect(box.open(sealed)).toBe('hunter2-ümlaut');
  });

  it('seals the same text differently each time', () => {
    const box = createSecretBox(KEY, 'mqtt-password');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a value sealed for another purpose or under another key, and a changed one', () => {
    const sealed = createSecretBox(KEY, 'mqtt-password').seal('secret');
    expect(() => createSecretBox(KEY, 'webhook-secret').open(sealed)).toThrow();
    expect(() => createSecretBox(`${KEY}-other`, 'mqtt-password').open(sealed)).toThrow();
    const parts = sealed.split(':');
    const last = parts[3] ?? '';
    parts[3] = `${last.slice(0, -1)}${last.endsWith('A') ? 'B' : 'A'}`;
    expect(() => createSecretBox(KEY, 'mqtt-password').open(parts.join(':'))).toThrow();
    expect(() => createSecretBox(KEY, 'mqtt-password').open('plain text')).toThrow('Not a sealed secret');
  });
});
