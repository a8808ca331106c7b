import { z } from 'zod';
import { IdSchema, visibleName } from './common.ts';
import { NAME_MAX_LENGTH } from './limits.ts';

/** Server messages of the FABReader and NFC card calls (spec 02 §8; the rest as the readers design words them). */
export const ReaderMessages = {
  readerNotFound: 'Reader not found',
  pairingCodeNotFound: 'Pairing code not found',
  cardNotFound: 'Card not found',
} as const;

/** The NFC reader protocol's constants (the readers design: transport, pairing, taps). */
export const READER_PROTOCOL = {
  /** Bytes of the CHALLENGE nonce and of a reader key. */
  nonceBytes: 32,
  readerKeyBytes: 32,
  /** A connection that sends neither HELLO nor AUTH within this is closed. */
  helloTimeoutMs: 10_000,
  /** How long an unapproved pairing code stays valid. */
  pairingLifetimeMs: 10 * 60_000,
  pingIntervalMs: 30_000,
  /** A reader that answers nothing (not even a pong) for this long is dropped. */
  silenceTimeoutMs: 60_000,
  /** Each APDU step of a card exchange. */
  apduTimeoutMs: 2_000,
  /** The member's pick after SELECT. */
  selectTimeoutMs: 15_000,
} as const;

/**
 * WebSocket close codes of the reader socket. 4401 is every refusal of trust the design names;
 * 4400 a frame that is not one of the protocol's, 4429 an address over its attempt budget.
 */
export const ReaderCloseCodes = {
  paired: 1000,
  unauthorized: 4401,
  invalidFrame: 4400,
  tooManyAttempts: 4429,
  replaced: 4409,
} as const;

/** Why the server closed a reader's socket: the reason text of the close frame. */
export const ReaderCloseReasons = {
  paired: 'Paired',
  authenticationFailed: 'Authentication failed',
  unknownReader: 'Unknown reader',
  readerDeleted: 'Reader deleted',
  noHello: 'No HELLO or AUTH within 10 s',
  notAuthenticated: 'Not authenticated',
  pairingExpired: 'Pairing code expired',
  invalidFrame: 'Invalid frame',
  tooManyAttempts: 'Too many attempts',
  replaced: 'Replaced by a newer connection',
} as const;

const hex = (bytes: number) =>
  z
    .string()
    .length(bytes * 2)
    .regex(/^[0-9a-f]*$/, 'Lowercase hex');

/** A whole APDU or card answer as lowercase hex (status word included); 2..1024 bytes. */
const ApduHexSchema = z
  .string()
  .min(4)
  .max(2048)
  .regex(/^(?:[0-9a-f]{2})+$/, 'Lowercase hex, whole bytes');

/** A 7-byte card UID; the server compares case-insensitively, so either case is accepted. */
export const CardUidSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{14}$/, '7 bytes as hex')
  .describe('7-byte NFC card UID as 14 hex digits');

export const PairingCodeSchema = z.string().regex(/^[0-9]{6}$/, 'Six digits');

export const DisplayToneSchema = z.enum(['success', 'error', 'info']);
export type DisplayTone = z.infer<typeof DisplayToneSchema>;

const ShortTextSchema = z.string().min(1).max(200);

// Frames from the server to a reader.
export const ChallengeFrameSchema = z.object({ type: z.literal('CHALLENGE'), nonce: hex(32) });
export const PairingFrameSchema = z.object({ type: z.literal('PAIRING'), code: PairingCodeSchema });
export const PairedFrameSchema = z.object({
  type: z.literal('PAIRED'),
  readerId: z.number().int().min(1),
  readerKey: hex(32),
});
export const ApduFrameSchema = z.object({
  type: z.literal('APDU'),
  seq: z.number().int().min(0),
  apdu: ApduHexSchema,
});
export const DisplayFrameSchema = z.object({
  type: z.literal('DISPLAY'),
  text: z.string().max(200),
  tone: DisplayToneSchema,
});
export const SelectFrameSchema = z.object({
  type: z.literal('SELECT'),
  resources: z.array(z.object({ id: z.number().int().min(1), name: z.string() })).min(1),
});

/** Every frame the server sends a reader. */
export const ServerToReaderFrameSchema = z.discriminatedUnion('type', [
  ChallengeFrameSchema,
  PairingFrameSchema,
  PairedFrameSchema,
  ApduFrameSchema,
  DisplayFrameSchema,
  SelectFrameSchema,
]);
export type ServerToReaderFrame = z.infer<typeof ServerToReaderFrameSchema>;

// Frames from a reader to the server.
export const HelloFrameSchema = z.object({
  type: z.literal('HELLO'),
  deviceId: ShortTextSchema,
  firmware: ShortTextSchema,
});
export const AuthFrameSchema = z.object({
  type: z.literal('AUTH'),
  readerId: z.number().int().min(1).max(2_147_483_647),
  mac: hex(32),
});
export const CardFrameSchema = z.object({ type: z.literal('CARD'), uid: CardUidSchema });
export const ApduResponseFrameSchema = z.object({
  type: z.literal('APDU_RESPONSE'),
  seq: z.number().int().min(0),
  response: ApduHexSchema,
});
export const SelectedFrameSchema = z.object({
  type: z.literal('SELECTED'),
  resourceId: z.number().int().min(1).max(2_147_483_647),
});

/** Every frame a reader sends the server; checked on every frame. */
export const ReaderToServerFrameSchema = z.discriminatedUnion('type', [
  HelloFrameSchema,
  AuthFrameSchema,
  CardFrameSchema,
  ApduResponseFrameSchema,
  SelectedFrameSchema,
]);
export type ReaderToServerFrame = z.infer<typeof ReaderToServerFrameSchema>;

// HTTP.
export const ReaderSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    connected: z.boolean(),
    lastConnection: z.iso.datetime().nullable().describe('Time of the last accepted authentication'),
    hasAccessToResourceIds: z.array(z.number().int()).describe('The resources the reader serves'),
  })
  .describe('A paired NFC reader (FABReader); its key is never part of an answer');
export type Reader = z.infer<typeof ReaderSchema>;

export const ReaderListSchema = z.array(ReaderSchema);

export const ReaderIdPathSchema = z.object({ readerId: IdSchema });

const ReaderNameSchema = visibleName().trim().min(1).max(NAME_MAX_LENGTH);

export const PairReaderBodySchema = z.object({
  code: PairingCodeSchema.describe('The six digits the reader shows'),
  name: ReaderNameSchema,
});
export type PairReaderBody = z.infer<typeof PairReaderBodySchema>;

export const UpdateReaderBodySchema = z.object({
  name: ReaderNameSchema.optional(),
  connectedResources: z
    .array(IdSchema)
    .max(500)
    .optional()
    .describe('Ids of the resources the reader serves; replaces the list'),
});
export type UpdateReaderBody = z.infer<typeof UpdateReaderBodySchema>;

export const NfcCardSchema = z
  .object({
    id: z.number().int(),
    uid: z.string(),
    userId: z.number().int(),
    createdAt: z.iso.datetime(),
    user: z
      .object({ id: z.number().int(), username: z.string() })
      .optional()
      .describe('The owner; only in answers to holders of canManageSystemConfiguration'),
  })
  .describe('An enrolled NFC card');
export type NfcCard = z.infer<typeof NfcCardSchema>;

export const NfcCardListSchema = z.array(NfcCardSchema);

export const NfcCardIdPathSchema = z.object({ cardId: IdSchema });
