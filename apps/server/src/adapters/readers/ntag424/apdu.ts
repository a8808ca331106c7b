/**
 * ISO 7816-4 framing of NTAG 424 DNA commands. Native commands travel wrapped (CLA 0x90, P1 = P2 =
 * 0, Le = 0), as PC/SC and PN532 readers send them; their answers end in status word 91xx.
 */

/** DF name of the NTAG 424 DNA application, selected first in every exchange. */
export const NTAG424_APPLICATION_DF_NAME: Buffer = Buffer.from('d2760000850101', 'hex');

export const CLA_ISO = 0x00;
export const CLA_WRAPPED_NATIVE = 0x90;

export const INS_ISO_SELECT_FILE = 0xa4;
export const INS_AUTHENTICATE_EV2_FIRST = 0x71;
export const INS_ADDITIONAL_FRAME = 0xaf;
export const INS_CHANGE_KEY = 0xc4;

/** Status words the card answers with (ISO 9000 for ISO commands, 91xx for native ones). */
export const StatusWord = {
  isoOk: 0x9000,
  isoFileNotFound: 0x6a82,
  isoWrongLength: 0x6700,
  isoWrongParameters: 0x6a86,
  isoInstructionNotSupported: 0x6d00,
  isoClassNotSupported: 0x6e00,
  ok: 0x9100,
  illegalCommand: 0x911c,
  integrityError: 0x911e,
  noSuchKey: 0x9140,
  lengthError: 0x917e,
  permissionDenied: 0x919d,
  parameterError: 0x919e,
  authenticationError: 0x91ae,
  additionalFrame: 0x91af,
  commandAborted: 0x91ca,
} as const;

/** ISOSelectFile by DF name (P1 = 0x04), no FCI wanted (P2 = 0x0C). */
export function selectApplicationCommand(): Buffer {
  return Buffer.concat([
    Buffer.from([CLA_ISO, INS_ISO_SELECT_FILE, 0x04, 0x0c, NTAG424_APPLICATION_DF_NAME.length]),
    NTAG424_APPLICATION_DF_NAME,
    Buffer.from([0x00]),
  ]);
}

/** A native command wrapped in an ISO 7816-4 APDU: 90 INS 00 00 Lc data 00. */
export function wrapNativeCommand(ins: number, data: Buffer): Buffer {
  if (data.length > 0xff) throw new RangeError('A short APDU carries at most 255 data bytes');
  return Buffer.concat([
    Buffer.from([CLA_WRAPPED_NATIVE, ins, 0x00, 0x00, data.length]),
    data,
    Buffer.from([0x00]),
  ]);
}

export interface CardResponse {
  data: Buffer;
  statusWord: number;
}

/** Splits an answer into its data and the two status bytes at its end. */
export function parseResponse(response: Buffer): CardResponse | undefined {
  if (response.length < 2) return undefined;
  return {
    data: response.subarray(0, response.length - 2),
    statusWord: response.readUInt16BE(response.length - 2),
  };
}

export function withStatusWord(data: Buffer, statusWord: number): Buffer {
  const status = Buffer.alloc(2);
  status.writeUInt16BE(statusWord);
  return Buffer.concat([data, status]);
}

export function formatStatusWord(statusWord: number): string {
  return statusWord.toString(16).padStart(4, '0').toUpperCase();
}
