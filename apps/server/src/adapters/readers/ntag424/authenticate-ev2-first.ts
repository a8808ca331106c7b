import { randomBytes } from 'node:crypto';
import { decryptCbc, encryptCbc } from './aes-128.ts';
import {
  INS_ADDITIONAL_FRAME,
  INS_AUTHENTICATE_EV2_FIRST,
  parseResponse,
  StatusWord,
  wrapNativeCommand,
} from './apdu.ts';
import { deriveSessionKeys, rotateLeft, type SecureSession } from './secure-messaging.ts';

/** Where random challenges come from; tests inject fixed ones to replay AN12196. */
export type RandomSource = (size: number) => Buffer;
export const secureRandom: RandomSource = (size) => randomBytes(size);

const RANDOM_BYTES = 16;

/** Part 1: AuthenticateEV2First with KeyNo and no PCD capabilities (LenCap 0), as in AN12196. */
export function authenticateFirstCommand(keyNo: number): Buffer {
  return wrapNativeCommand(INS_AUTHENTICATE_EV2_FIRST, Buffer.from([keyNo, 0x00]));
}

/** Why the reader side gave up on an authentication. */
export type AuthenticationFailure =
  | { kind: 'status'; statusWord: number }
  | { kind: 'malformed' }
  | { kind: 'rnd-a-mismatch' };

export type AuthenticationStep<T> = { ok: true; value: T } | { ok: false; failure: AuthenticationFailure };

export interface PendingAuthentication {
  keyNo: number;
  /** Part 2 command: 90 AF 00 00 20 E(K, RndA ‖ RndB') 00. */
  command: Buffer;
  rndA: Buffer;
  rndB: Buffer;
}

/**
 * Answers the card's challenge E(K, RndB): decrypts RndB, draws a fresh RndA and returns the
 * encrypted RndA ‖ RndB' (RndB rotated left by one byte) for the second frame.
 */
export function answerChallenge(
  key: Buffer,
  keyNo: number,
  challenge: Buffer,
  random: RandomSource = secureRandom,
): AuthenticationStep<PendingAuthentication> {
  const response = parseResponse(challenge);
  if (!response) return { ok: false, failure: { kind: 'malformed' } };
  if (response.statusWord !== StatusWord.additionalFrame) {
    return { ok: false, failure: { kind: 'status', statusWord: response.statusWord } };
  }
  if (response.data.length !== RANDOM_BYTES) return { ok: false, failure: { kind: 'malformed' } };
  const rndB = decryptCbc(key, response.data);
  const rndA = random(RANDOM_BYTES);
  const encrypted = encryptCbc(key, Buffer.concat([rndA, rotateLeft(rndB)]));
  return {
    ok: true,
    value: { keyNo, command: wrapNativeCommand(INS_ADDITIONAL_FRAME, encrypted), rndA, rndB },
  };
}

/**
 * Checks the card's final answer E(K, TI ‖ RndA' ‖ PDcap2 ‖ PCDcap2): only a card holding K can
 * return our fresh RndA rotated left, which is what proves the card. Then both sides hold the same
 * session keys, TI and a command counter of 0.
 */
export function finishAuthentication(
  key: Buffer,
  pending: PendingAuthentication,
  answer: Buffer,
): AuthenticationStep<SecureSession> {
  const response = parseResponse(answer);
  if (!response) return { ok: false, failure: { kind: 'malformed' } };
  if (response.statusWord !== StatusWord.ok) {
    return { ok: false, failure: { kind: 'status', statusWord: response.statusWord } };
  }
  if (response.data.length !== 2 * RANDOM_BYTES) return { ok: false, failure: { kind: 'malformed' } };
  const plain = decryptCbc(key, response.data);
  const rotatedRndA = plain.subarray(4, 4 + RANDOM_BYTES);
  if (!rotatedRndA.equals(rotateLeft(pending.rndA)))
    return { ok: false, failure: { kind: 'rnd-a-mismatch' } };
  const { encKey, macKey } = deriveSessionKeys(key, pending.rndA, pending.rndB);
  return {
    ok: true,
    value: {
      authenticatedKeyNo: pending.keyNo,
      encKey,
      macKey,
      ti: Buffer.from(plain.subarray(0, 4)),
      commandCounter: 0,
    },
  };
}
