import { describe, expect, it } from 'vitest';
import { aesCmac } from './cmac.ts';

const hex = (value: string) => Buffer.from(value.replaceAll(' ', ''), 'hex');

// NIST SP 800-38B, Appendix D.1 (AES-128), the same four examples as RFC 4493 §4.
const KEY = hex('2b7e1516 28aed2a6 abf71588 09cf4f3c');
const MESSAGE = hex(
  '6bc1bee2 2e409f96 e93d7e11 7393172a ae2d8a57 1e03ac9c 9eb76fac 45af8e51' +
    '30c81c46 a35ce411 e5fbc119 1a0a52ef f69f2445 df4f9b17 ad2b417b e66c3710',
);

describe('AES-128 CMAC', () => {
  it.each([
    ['the empty message', 0, 'bb1d6929 e9593728 7fa37d12 9b756746'],
    ['one whole block (16 bytes)', 16, '070a16b4 6b4d4144 f79bdd9d d04a287c'],
    ['a partial last block (40 bytes)', 40, 'dfa66747 de9ae630 30ca3261 1497c827'],
    ['four whole blocks (64 bytes)', 64, '51f0bebf 7e3b9d92 fc497417 79363cfe'],
  ])('matches the NIST SP 800-38B example for %s', (_name, length, expected) => {
    expect(aesCmac(KEY, MESSAGE.subarray(0, length)).toString('hex')).toBe(expected.replaceAll(' ', ''));
  });

  it('refuses a key that is not 16 bytes', () => {
    expect(() => aesCmac(Buffer.alloc(32), Buffer.alloc(0))).toThrow(RangeError);
  });
});
