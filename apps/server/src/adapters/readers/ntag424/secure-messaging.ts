import { timingSafeEqual } from 'node:crypto';
import { AES_BLOCK_BYTES, decryptCbc, encryptBlock, encryptCbc } from './aes-128.ts';
import { aesCmac } from './cmac.ts';

/**
 * EV2 secure messaging of the NTAG 424 DNA (NT4H2421Gx datasheet §9.1, AN12196 §5): the state an
 * AuthenticateEV2First leaves on both sides and the computations both sides make with it. The
 * server and the simulator's card use the same functions; the tests hold both to AN12196.
 */
export interface SecureSession {
  /** The key number the session was authenticated with. */
  authenticatedKeyNo: number;
  /** SesAuthENCKey: encrypts CommMode.Full data. */
  encKey: Buffer;
  /** SesAuthMACKey: MACs every command and answer. */
  macKey: Buffer;
  /** Transaction identifier, chosen by the card at authentication. */
  ti: Buffer;
  /** CmdCtr, 0 after authentication, one up per command the card executed. */
  commandCounter: number;
}

export interface SessionKeys {
  encKey: Buffer;
  macKey: Buffer;
}

const SV1_LABEL = Buffer.from([0xa5, 0x5a, 0x00, 0x01, 0x00, 0x80]);
const SV2_LABEL = Buffer.from([0x5a, 0xa5, 0x00, 0x01, 0x00, 0x80]);
const COMMAND_IV_LABEL = Buffer.from([0xa5, 0x5a]);
export const TRUNCATED_MAC_BYTES = 8;

/** Byte rotation by one to the left, as RndB' and RndA' are formed. */
export function rotateLeft(value: Buffer): Buffer {
  return Buffer.concat([value.subarray(1), value.subarray(0, 1)]);
}

/**
 * SesAuthENCKey = CMAC(K, SV1) and SesAuthMACKey = CMAC(K, SV2) with
 * SV = label ‖ RndA[15..14] ‖ (RndA[13..8] ⊕ RndB[15..10]) ‖ RndB[9..0] ‖ RndA[7..0]
 * (datasheet §9.1.7; byte 15 is the first byte sent).
 */
export function deriveSessionKeys(key: Buffer, rndA: Buffer, rndB: Buffer): SessionKeys {
  const mixed = Buffer.alloc(6);
  for (let index = 0; index < 6; index += 1) mixed[index] = (rndA[index + 2] ?? 0) ^ (rndB[index] ?? 0);
  const context = Buffer.concat([rndA.subarray(0, 2), mixed, rndB.subarray(6, 16), rndA.subarray(8, 16)]);
  return {
    encKey: aesCmac(key, Buffer.concat([SV1_LABEL, context])),
    macKey: aesCmac(key, Buffer.concat([SV2_LABEL, context])),
  };
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(counter);
  return bytes;
}

/** The 8-byte MAC of secure messaging: the odd-numbered bytes (1, 3, …, 15) of the CMAC. */
export function truncatedMac(macKey: Buffer, input: Buffer): Buffer {
  const mac = aesCmac(macKey, input);
  return Buffer.from(Array.from({ length: TRUNCATED_MAC_BYTES }, (_value, index) => mac[index * 2 + 1] ?? 0));
}

/** MACt of a command: over Cmd ‖ CmdCtr ‖ TI ‖ CmdHeader ‖ CmdData, with the current counter. */
export function commandMac(session: SecureSession, ins: number, payload: Buffer): Buffer {
  return truncatedMac(
    session.macKey,
    Buffer.concat([Buffer.from([ins]), counterBytes(session.commandCounter), session.ti, payload]),
  );
}

/**
 * MACt of an answer: over RC ‖ CmdCtr ‖ TI ‖ RespData, where RC is the second status byte and
 * CmdCtr already counts the command being answered.
 */
export function responseMac(session: SecureSession, returnCode: number, data: Buffer): Buffer {
  return truncatedMac(
    session.macKey,
    Buffer.concat([Buffer.from([returnCode]), counterBytes(session.commandCounter + 1), session.ti, data]),
  );
}

export function macsEqual(received: Buffer, expected: Buffer): boolean {
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/** IV for command data: E(SesAuthENCKey, A5 5A ‖ TI ‖ CmdCtr ‖ 00…00). */
export function commandIv(session: SecureSession): Buffer {
  return encryptBlock(
    session.encKey,
    Buffer.concat([COMMAND_IV_LABEL, session.ti, counterBytes(session.commandCounter), Buffer.alloc(8)]),
  );
}

/** ISO/IEC 9797-1 padding method 2: 0x80 then zeros, always at least one byte. */
export function padMethod2(data: Buffer): Buffer {
  const padding = AES_BLOCK_BYTES - (data.length % AES_BLOCK_BYTES);
  return Buffer.concat([data, Buffer.from([0x80]), Buffer.alloc(padding - 1)]);
}

/** Removes method-2 padding; undefined when the padding is not well formed. */
export function unpadMethod2(data: Buffer): Buffer | undefined {
  let end = data.length - 1;
  while (end >= 0 && data[end] === 0x00) end -= 1;
  if (end < 0 || data[end] !== 0x80 || data.length - end > AES_BLOCK_BYTES) return undefined;
  return data.subarray(0, end);
}

/**
 * The data field of a CommMode.Full command: CmdHeader in clear, CmdData padded and encrypted with
 * the command IV, then the command MAC over both.
 */
export function protectFullCommand(
  session: SecureSession,
  ins: number,
  header: Buffer,
  data: Buffer,
): Buffer {
  const encrypted = encryptCbc(session.encKey, padMethod2(data), commandIv(session));
  const payload = Buffer.concat([header, encrypted]);
  return Buffer.concat([payload, commandMac(session, ins, payload)]);
}

/** What the card reads back out of a CommMode.Full command, or why it refuses it. */
export type OpenedFullCommand =
  | { ok: true; data: Buffer }
  | { ok: false; reason: 'length' | 'mac' | 'padding' };

export function openFullCommand(
  session: SecureSession,
  ins: number,
  headerLength: number,
  field: Buffer,
): OpenedFullCommand {
  const encryptedLength = field.length - headerLength - TRUNCATED_MAC_BYTES;
  if (encryptedLength <= 0 || encryptedLength % AES_BLOCK_BYTES !== 0) return { ok: false, reason: 'length' };
  const payload = field.subarray(0, field.length - TRUNCATED_MAC_BYTES);
  const mac = field.subarray(field.length - TRUNCATED_MAC_BYTES);
  if (!macsEqual(mac, commandMac(session, ins, payload))) return { ok: false, reason: 'mac' };
  const plain = unpadMethod2(decryptCbc(session.encKey, payload.subarray(headerLength), commandIv(session)));
  return plain ? { ok: true, data: plain } : { ok: false, reason: 'padding' };
}
