import { describe, expect, it } from 'vitest';
import { scannedCodeTarget } from './scanned-code-target.ts';

const APP_ORIGIN = 'https://toolpass.example.org';

describe('scannedCodeTarget', () => {
  it('opens the path, query and hash of an address of the app', () => {
    expect(scannedCodeTarget(`${APP_ORIGIN}/resources/7?action=start#usage`, APP_ORIGIN)).toEqual({
      kind: 'navigate',
      path: '/resources/7?action=start#usage',
    });
  });

  it('ignores spaces around the scanned text', () => {
    expect(scannedCodeTarget(`  ${APP_ORIGIN}/resources/7\n`, APP_ORIGIN)).toEqual({
      kind: 'navigate',
      path: '/resources/7',
    });
  });

  it('opens the start page for the bare origin', () => {
    expect(scannedCodeTarget(APP_ORIGIN, APP_ORIGIN)).toEqual({ kind: 'navigate', path: '/' });
  });

  it.each([
    ['another host', 'https://evil.example.com/resources/7'],
    ['another scheme', 'http://toolpass.example.org/resources/7'],
    ['another port', 'https://toolpass.example.org:8443/resources/7'],
    ['a look-alike host', 'https://toolpass.example.org.evil.example.com/resources/7'],
    ['a javascript address', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,<b>x</b>'],
  ])('refuses %s', (_name, value) => {
    expect(scannedCodeTarget(value, APP_ORIGIN)).toEqual({ kind: 'wrong-origin' });
  });

  it.each([
    ['plain text', 'Drill press 3'],
    ['a relative path', '/resources/7'],
    ['nothing', ''],
  ])('reports %s as not an address', (_name, value) => {
    expect(scannedCodeTarget(value, APP_ORIGIN)).toEqual({ kind: 'not-a-url' });
  });
});
