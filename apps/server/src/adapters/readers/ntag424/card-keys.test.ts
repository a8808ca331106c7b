import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveCardKey, deriveCardRoot } from './card-keys.ts';

const SECRET = 'a-secret-key-of-at-least-thirty-two-characters';
const UID = Buffer.from('04a1b2c3d4e5f6', 'hex');

describe('card keys', () => {
  it('derives a 32-byte root that depends on SECRET_KEY only', () => {
    expect(deriveCardRoot(SECRET)).toHaveLength(32);
    expect(deriveCardRoot(SECRET).equals(deriveCardRoot(SECRET))).toBe(true);
    expect(deriveCardRoot(SECRET).equals(deriveCardRoot(`${SECRET}-other`))).toBe(false);
  });

  it('is HMAC-SHA256 over the label, the UID and one byte each of key number and version, cut to 16 bytes', () => {
    const cardRoot = deriveCardRoot(SECRET);
    const message = Buffer.concat([Buffer.from('toolpass-card-key'), UID, Buffer.from([0x01, 0x02])]);
    const expected = createHmac('sha256', cardRoot).update(message).digest().subarray(0, 16);
    expect(deriveCardKey({ cardRoot, uid: UID, keyNo: 1, keyVersion: 2 }).toString('hex')).toBe(
      expected.toString('hex'),
    );
  });

  it('gives every UID, key number and version its own key', () => {
    const cardRoot = deriveCardRoot(SECRET);
    const keys = [
      deriveCardKey({ cardRoot, uid: UID, keyNo: 1, keyVersion: 1 }),
      deriveCardKey({ cardRoot, uid: Buffer.from('04a1b2c3d4e5f7', 'hex'), keyNo: 1, keyVersion: 1 }),
      deriveCardKey({ cardRoot, uid: UID, keyNo: 0, keyVersion: 1 }),
      deriveCardKey({ cardRoot, uid: UID, keyNo: 1, keyVersion: 2 }),
    ].map((key) => key.toString('hex'));
    expect(new Set(keys).size).toBe(4);
  });

  it('keeps the card root apart from the secret box keys, even for a purpose named like its label', () => {
    const secretBoxKey = Buffer.from(
      hkdfSync('sha256', SECRET, 'toolpass-secret-box', 'ntag424-application-keys', 32),
    );
    expect(deriveCardRoot(SECRET).equals(secretBoxKey)).toBe(false);
  });

  it('refuses a UID that is not 7 bytes and numbers that are not one byte', () => {
    const cardRoot = deriveCardRoot(SECRET);
    expect(() => deriveCardKey({ cardRoot, uid: Buffer.alloc(4), keyNo: 1, keyVersion: 1 })).toThrow(
      RangeError,
    );
    expect(() => deriveCardKey({ cardRoot, uid: UID, keyNo: 256, keyVersion: 1 })).toThrow(RangeError);
    expect(() => deriveCardKey({ cardRoot, uid: UID, keyNo: 1, keyVersion: -1 })).toThrow(RangeError);
  });
});
