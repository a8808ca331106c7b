import { z } from 'zod';
import { decryptCbc, encryptCbc } from '../../adapters/readers/ntag424/aes-128.ts';
import {
  CLA_ISO,
  CLA_WRAPPED_NATIVE,
  INS_ADDITIONAL_FRAME,
  INS_AUTHENTICATE_EV2_FIRST,
  INS_CHANGE_KEY,
  INS_ISO_SELECT_FILE,
  NTAG424_APPLICATION_DF_NAME,
  StatusWord,
  withStatusWord,
} from '../../adapters/readers/ntag424/apdu.ts';
import { type RandomSource, secureRandom } from '../../adapters/readers/ntag424/authenticate-ev2-first.ts';
import {
  CARD_UID_BYTES,
  FACTORY_KEY,
  FACTORY_KEY_VERSION,
} from '../../adapters/readers/ntag424/card-keys.ts';
import { keyChecksum, xorKeys } from '../../adapters/readers/ntag424/change-key.ts';
import {
  deriveSessionKeys,
  openFullCommand,
  responseMac,
  rotateLeft,
  type SecureSession,
} from '../../adapters/readers/ntag424/secure-messaging.ts';

/**
 * A software NTAG 424 DNA (NT4H2421Gx) for the reader simulator and the tests: the application
 * with its five AES keys, ISOSelectFile, AuthenticateEV2First and ChangeKey with the card's own
 * checks (RndB', MAC, CRC32NK, command counter), and error status words for everything else. It
 * shares the secure messaging arithmetic with the server; the tests hold both to AN12196.
 */

const KEY_COUNT = 5;
const RANDOM_BYTES = 16;
/** ChangeKey is guarded by the application master key, as on a factory card. */
const CHANGE_KEY_ACCESS_KEY_NO = 0;

export interface VirtualCardKey {
  key: Buffer;
  version: number;
}

export const VirtualNtag424CardJsonSchema = z.object({
  uid: z.string().regex(new RegExp(`^[0-9a-fA-F]{${CARD_UID_BYTES * 2}}$`)),
  keys: z
    .array(
      z.object({ key: z.string().regex(/^[0-9a-fA-F]{32}$/), version: z.number().int().min(0).max(255) }),
    )
    .length(KEY_COUNT),
});
export type VirtualNtag424CardJson = z.input<typeof VirtualNtag424CardJsonSchema>;

interface ParsedCommand {
  cla: number;
  ins: number;
  p1: number;
  p2: number;
  data: Buffer;
}

/** ISO 7816-4 short APDU: header, optional Lc and data, optional Le. */
function parseCommand(apdu: Buffer): ParsedCommand | undefined {
  if (apdu.length < 4) return undefined;
  const [cla = 0, ins = 0, p1 = 0, p2 = 0] = apdu;
  if (apdu.length <= 5) return { cla, ins, p1, p2, data: Buffer.alloc(0) };
  const lc = apdu[4] ?? 0;
  if (lc === 0 || (apdu.length !== 5 + lc && apdu.length !== 6 + lc)) return undefined;
  return { cla, ins, p1, p2, data: apdu.subarray(5, 5 + lc) };
}

/** Between the two frames of AuthenticateEV2First: which key, and the RndB the card sent. */
interface PendingAuthentication {
  keyNo: number;
  key: Buffer;
  rndB: Buffer;
}

export type ChangeKeyResult = { answer: Buffer; sessionEnded: boolean };

/**
 * The card side of ChangeKey (0xC4) within a session: checks the MAC, decrypts, checks the
 * padding and, for a key other than the authenticated one, CRC32NK of the new key, then writes
 * the key. Any failure is an integrity error and ends the session; changing the authenticated key
 * ends it too, answered by a bare 9100.
 */
export function changeKeyOnCard(
  session: SecureSession,
  keys: VirtualCardKey[],
  field: Buffer,
): ChangeKeyResult {
  const keyNo = field[0];
  if (keyNo === undefined)
    return { answer: withStatusWord(Buffer.alloc(0), StatusWord.lengthError), sessionEnded: true };
  const current = keys[keyNo];
  if (!current) return { answer: withStatusWord(Buffer.alloc(0), StatusWord.noSuchKey), sessionEnded: true };
  const integrityError = {
    answer: withStatusWord(Buffer.alloc(0), StatusWord.integrityError),
    sessionEnded: true,
  };
  const opened = openFullCommand(session, INS_CHANGE_KEY, 1, field);
  if (!opened.ok) {
    return opened.reason === 'length'
      ? { answer: withStatusWord(Buffer.alloc(0), StatusWord.lengthError), sessionEnded: true }
      : integrityError;
  }
  const changesAuthenticatedKey = keyNo === session.authenticatedKeyNo;
  const plain = opened.data;
  if (plain.length !== (changesAuthenticatedKey ? 17 : 21)) return integrityError;
  const version = plain[16] ?? 0;
  if (changesAuthenticatedKey) {
    keys[keyNo] = { key: Buffer.from(plain.subarray(0, 16)), version };
    return { answer: withStatusWord(Buffer.alloc(0), StatusWord.ok), sessionEnded: true };
  }
  const newKey = xorKeys(plain.subarray(0, 16), current.key);
  if (!keyChecksum(newKey).equals(plain.subarray(17, 21))) return integrityError;
  keys[keyNo] = { key: newKey, version };
  const mac = responseMac(session, StatusWord.ok & 0xff, Buffer.alloc(0));
  session.commandCounter += 1;
  return { answer: withStatusWord(mac, StatusWord.ok), sessionEnded: false };
}

export class VirtualNtag424Card {
  readonly uid: Buffer;
  readonly #keys: VirtualCardKey[];
  readonly #random: RandomSource;
  #applicationSelected = false;
  #pendingAuthentication: PendingAuthentication | undefined;
  #session: SecureSession | undefined;

  constructor(uid: Buffer, keys?: VirtualCardKey[], random: RandomSource = secureRandom) {
    if (uid.length !== CARD_UID_BYTES) throw new RangeError(`A card UID has ${CARD_UID_BYTES} bytes`);
    if (keys && keys.length !== KEY_COUNT) throw new RangeError(`An NTAG 424 DNA has ${KEY_COUNT} keys`);
    this.uid = Buffer.from(uid);
    this.#keys =
      keys?.map((entry) => ({ key: Buffer.from(entry.key), version: entry.version })) ??
      Array.from({ length: KEY_COUNT }, () => ({
        key: Buffer.from(FACTORY_KEY),
        version: FACTORY_KEY_VERSION,
      }));
    this.#random = random;
  }

  /** A card as NXP ships it: all five keys zero, version 0. */
  static factory(uid: Buffer, random?: RandomSource): VirtualNtag424Card {
    return new VirtualNtag424Card(uid, undefined, random);
  }

  static fromJSON(json: unknown, random?: RandomSource): VirtualNtag424Card {
    const parsed = VirtualNtag424CardJsonSchema.parse(json);
    const keys = parsed.keys.map((entry) => ({ key: Buffer.from(entry.key, 'hex'), version: entry.version }));
    return new VirtualNtag424Card(Buffer.from(parsed.uid, 'hex'), keys, random);
  }

  toJSON(): VirtualNtag424CardJson {
    return {
      uid: this.uid.toString('hex'),
      keys: this.#keys.map((entry) => ({ key: entry.key.toString('hex'), version: entry.version })),
    };
  }

  /** The version of a key, as GetKeyVersion would tell it. */
  keyVersion(keyNo: number): number | undefined {
    return this.#keys[keyNo]?.version;
  }

  /** A card brought into a reader's field starts powered up afresh: nothing selected, no session. */
  enterField(): void {
    this.#applicationSelected = false;
    this.#pendingAuthentication = undefined;
    this.#session = undefined;
  }

  /** Answers one command APDU as the card would, status word included. */
  process(apdu: Buffer): Buffer {
    const command = parseCommand(apdu);
    const pending = this.#pendingAuthentication;
    this.#pendingAuthentication = undefined;
    if (!command) return withStatusWord(Buffer.alloc(0), StatusWord.isoWrongLength);
    if (command.cla === CLA_ISO) return this.#processIso(command);
    if (command.cla !== CLA_WRAPPED_NATIVE)
      return withStatusWord(Buffer.alloc(0), StatusWord.isoClassNotSupported);
    if (command.p1 !== 0 || command.p2 !== 0)
      return withStatusWord(Buffer.alloc(0), StatusWord.isoWrongParameters);
    if (!this.#applicationSelected) return withStatusWord(Buffer.alloc(0), StatusWord.permissionDenied);
    switch (command.ins) {
      case INS_AUTHENTICATE_EV2_FIRST:
        return this.#authenticateFirst(command.data);
      case INS_ADDITIONAL_FRAME:
        return pending
          ? this.#authenticateSecondPart(pending, command.data)
          : withStatusWord(Buffer.alloc(0), StatusWord.commandAborted);
      case INS_CHANGE_KEY:
        return this.#changeKey(command.data);
      default:
        return withStatusWord(Buffer.alloc(0), StatusWord.illegalCommand);
    }
  }

  #processIso(command: ParsedCommand): Buffer {
    if (command.ins !== INS_ISO_SELECT_FILE)
      return withStatusWord(Buffer.alloc(0), StatusWord.isoInstructionNotSupported);
    if (command.p1 !== 0x04) return withStatusWord(Buffer.alloc(0), StatusWord.isoWrongParameters);
    // Selecting anything ends the session, whether or not the name is found.
    this.#session = undefined;
    this.#applicationSelected = command.data.equals(NTAG424_APPLICATION_DF_NAME);
    return withStatusWord(
      Buffer.alloc(0),
      this.#applicationSelected ? StatusWord.isoOk : StatusWord.isoFileNotFound,
    );
  }

  #authenticateFirst(data: Buffer): Buffer {
    this.#session = undefined;
    const keyNo = data[0];
    const lenCap = data[1];
    if (keyNo === undefined || lenCap === undefined || data.length !== 2 + lenCap) {
      return withStatusWord(Buffer.alloc(0), StatusWord.lengthError);
    }
    const entry = this.#keys[keyNo];
    if (!entry) return withStatusWord(Buffer.alloc(0), StatusWord.noSuchKey);
    const rndB = this.#random(RANDOM_BYTES);
    this.#pendingAuthentication = { keyNo, key: entry.key, rndB };
    return withStatusWord(encryptCbc(entry.key, rndB), StatusWord.additionalFrame);
  }

  #authenticateSecondPart(pending: PendingAuthentication, data: Buffer): Buffer {
    if (data.length !== 2 * RANDOM_BYTES) return withStatusWord(Buffer.alloc(0), StatusWord.lengthError);
    const { key } = pending;
    const plain = decryptCbc(key, data);
    const rndA = plain.subarray(0, RANDOM_BYTES);
    if (!plain.subarray(RANDOM_BYTES).equals(rotateLeft(pending.rndB))) {
      return withStatusWord(Buffer.alloc(0), StatusWord.authenticationError);
    }
    const ti = this.#random(4);
    const { encKey, macKey } = deriveSessionKeys(key, rndA, pending.rndB);
    this.#session = {
      authenticatedKeyNo: pending.keyNo,
      encKey,
      macKey,
      ti: Buffer.from(ti),
      commandCounter: 0,
    };
    // PDcap2 and PCDcap2 are all zero: no optional features, none asked for.
    return withStatusWord(
      encryptCbc(key, Buffer.concat([ti, rotateLeft(rndA), Buffer.alloc(12)])),
      StatusWord.ok,
    );
  }

  #changeKey(field: Buffer): Buffer {
    const session = this.#session;
    if (!session) return withStatusWord(Buffer.alloc(0), StatusWord.authenticationError);
    if (session.authenticatedKeyNo !== CHANGE_KEY_ACCESS_KEY_NO) {
      return withStatusWord(Buffer.alloc(0), StatusWord.permissionDenied);
    }
    const result = changeKeyOnCard(session, this.#keys, field);
    if (result.sessionEnded) this.#session = undefined;
    return result.answer;
  }
}
