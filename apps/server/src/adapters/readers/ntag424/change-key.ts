import { crc32 } from 'node:zlib';
import { INS_CHANGE_KEY, parseResponse, StatusWord, wrapNativeCommand } from './apdu.ts';
import {
  macsEqual,
  protectFullCommand,
  responseMac,
  type SecureSession,
  TRUNCATED_MAC_BYTES,
} from './secure-messaging.ts';

/**
 * The plain CmdData of ChangeKey (0xC4) before CommMode.Full protection (datasheet §10.6.1):
 * - changing the key the session was authenticated with: NewKey ‖ KeyVer;
 * - changing any other key: (NewKey ⊕ OldKey) ‖ KeyVer ‖ CRC32NK, so the card can check the
 *   result before it writes it, and a wrong OldKey is caught instead of storing garbage.
 */
export function changeKeyData(input: {
  keyNo: number;
  authenticatedKeyNo: number;
  newKey: Buffer;
  newKeyVersion: number;
  /** The key's current value; needed unless it is the authenticated key. */
  oldKey?: Buffer;
}): Buffer {
  const version = Buffer.from([input.newKeyVersion]);
  if (input.keyNo === input.authenticatedKeyNo) return Buffer.concat([input.newKey, version]);
  if (!input.oldKey) throw new Error('Changing a key other than the authenticated one needs its old value');
  return Buffer.concat([xorKeys(input.newKey, input.oldKey), version, keyChecksum(input.newKey)]);
}

export function xorKeys(left: Buffer, right: Buffer): Buffer {
  return Buffer.from(left.map((byte, index) => byte ^ (right[index] ?? 0)));
}

/**
 * CRC32NK: the IEEE 802.3 CRC32 without the final inversion ("JAMCRC"), least significant byte
 * first, as NXP's DESFire family computes it.
 */
export function keyChecksum(key: Buffer): Buffer {
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32LE((crc32(key) ^ 0xffffffff) >>> 0);
  return checksum;
}

/** The whole ChangeKey APDU: KeyNo in clear, the key data encrypted and MACed with the session. */
export function changeKeyCommand(
  session: SecureSession,
  input: { keyNo: number; newKey: Buffer; newKeyVersion: number; oldKey?: Buffer },
): Buffer {
  const data = changeKeyData({ ...input, authenticatedKeyNo: session.authenticatedKeyNo });
  return wrapNativeCommand(
    INS_CHANGE_KEY,
    protectFullCommand(session, INS_CHANGE_KEY, Buffer.from([input.keyNo]), data),
  );
}

export type ChangeKeyOutcome =
  | { ok: true; sessionEnded: boolean }
  | { ok: false; reason: 'status'; statusWord: number }
  | { ok: false; reason: 'malformed' | 'mac' };

/**
 * Checks the card's answer to ChangeKey and moves the session on. Changing the authenticated key
 * ends the session, so that answer is a bare 9100 without MAC; any other change is answered with
 * MACt(00 ‖ CmdCtr+1 ‖ TI) ‖ 9100, which proves the card itself accepted it.
 */
export function checkChangeKeyResponse(
  session: SecureSession,
  keyNo: number,
  answer: Buffer,
): ChangeKeyOutcome {
  const response = parseResponse(answer);
  if (!response) return { ok: false, reason: 'malformed' };
  if (response.statusWord !== StatusWord.ok)
    return { ok: false, reason: 'status', statusWord: response.statusWord };
  if (keyNo === session.authenticatedKeyNo) {
    return response.data.length === 0 ? { ok: true, sessionEnded: true } : { ok: false, reason: 'malformed' };
  }
  if (response.data.length !== TRUNCATED_MAC_BYTES) return { ok: false, reason: 'malformed' };
  if (!macsEqual(response.data, responseMac(session, StatusWord.ok & 0xff, Buffer.alloc(0)))) {
    return { ok: false, reason: 'mac' };
  }
  session.commandCounter += 1;
  return { ok: true, sessionEnded: false };
}
