import { createHmac, hkdfSync } from 'node:crypto';

/** Factory NTAG 424 DNA cards carry this all-zero AES key in every key slot, at version 0. */
export const FACTORY_KEY: Buffer = Buffer.alloc(16);
export const FACTORY_KEY_VERSION = 0;

/** The application keys the server sets: key 0 guards ChangeKey, key 1 is proved on every tap. */
export const APPLICATION_MASTER_KEY_NO = 0;
export const TAP_KEY_NO = 1;

export const CARD_UID_BYTES = 7;
const CARD_KEY_LABEL = Buffer.from('toolpass-card-key', 'ascii');

/**
 * The root every card key is derived from. It comes from SECRET_KEY through HKDF like the secret
 * box's keys, under its own salt and label, so no secret-box key can ever equal it.
 */
export function deriveCardRoot(secretKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, 'toolpass-card-root', 'ntag424-application-keys', 32));
}

export interface CardKeyInput {
  cardRoot: Buffer;
  /** The card's 7-byte UID as the reader reports it. */
  uid: Buffer;
  keyNo: number;
  keyVersion: number;
}

function requireByte(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > 0xff)
    throw new RangeError(`${name} must be one byte (0-255)`);
}

export function requireCardUid(uid: Buffer): void {
  if (uid.length !== CARD_UID_BYTES)
    throw new RangeError(`A card UID has ${CARD_UID_BYTES} bytes, not ${uid.length}`);
}

/**
 * K = HMAC-SHA256(cardRoot, "toolpass-card-key" ‖ uid ‖ keyNo ‖ keyVersion)[0..16], keyNo and
 * keyVersion one byte each. Binding the UID makes every card's key different, so a key read out of
 * one card opens no other; binding the version lets a later generation of keys be told apart.
 */
export function deriveCardKey({ cardRoot, uid, keyNo, keyVersion }: CardKeyInput): Buffer {
  requireCardUid(uid);
  requireByte('keyNo', keyNo);
  requireByte('keyVersion', keyVersion);
  return createHmac('sha256', cardRoot)
    .update(Buffer.concat([CARD_KEY_LABEL, uid, Buffer.from([keyNo, keyVersion])]))
    .digest()
    .subarray(0, 16);
}
