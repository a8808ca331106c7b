import { describe, expect, it } from 'vitest';
import { flasherSupport } from './flasher-support.ts';

describe('flasherSupport', () => {
  it('flashes over https when the browser has Web Serial', () => {
    expect(flasherSupport({ protocol: 'https:', hostname: 'toolpass.example', hasSerial: true })).toBe(
      'supported',
    );
  });

  it('says the browser cannot flash when it has no Web Serial', () => {
    expect(flasherSupport({ protocol: 'https:', hostname: 'toolpass.example', hasSerial: false })).toBe(
      'unsupported',
    );
  });

  it('asks for https on plain http other than the loopback names, whatever the browser has', () => {
    for (const hasSerial of [true, false]) {
      expect(flasherSupport({ protocol: 'http:', hostname: 'toolpass.lan', hasSerial })).toBe(
        'requires-https',
      );
      expect(flasherSupport({ protocol: 'http:', hostname: '192.168.1.20', hasSerial })).toBe(
        'requires-https',
      );
    }
  });

  it('treats localhost and 127.0.0.1 over http as secure', () => {
    for (const hostname of ['localhost', '127.0.0.1', '[::1]']) {
      expect(flasherSupport({ protocol: 'http:', hostname, hasSerial: true })).toBe('supported');
      expect(flasherSupport({ protocol: 'http:', hostname, hasSerial: false })).toBe('unsupported');
    }
  });
});
