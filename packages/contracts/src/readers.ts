import { z } from 'zod';
import { IdSchema, visibleName } from './common.ts';
import { NAME_MAX_LENGTH } from './limits.ts';

/** Server messages of the FABReader and NFC card calls (spec 02 §8; the rest as the readers design words them). */
export const ReaderMessages = {
  readerNotFound: 'Reader not found',
  pairingCodeNotFound: 'Pairing code not found',
  cardNotFound: 'Card not found',
  cardAlreadyEnrolled: 'Card already enrolled',
  noCardPresented: 'No card was presented in time',
  wrongCard: 'Another card was presented',
  readerBusy: 'The reader is waiting for another card',
  cardNotEnrolled: 'The card could not be enrolled',
  cardNotReset: 'The card could not be reset',
  firmwareFileNotFound: 'Firmware file not found',
} as const;

/**
 * What a reader's display shows (the readers design), in English. Readers speak the server's
 * default language (DEFAULT_LANGUAGE): see READER_DISPLAY_TEXTS for every language.
 */
export const ReaderDisplayTexts = {
  readingCard: 'Reading card…',
  cardNotRecognised: 'Card not recognised',
  noResourceChosen: 'No resource chosen',
  noResourceConnected: 'No resource connected',
  noIntroduction: 'No introduction',
  inUse: 'In use',
  sessionStarted: 'Session started',
  sessionEnded: 'Session ended',
  tapToEnroll: 'Tap to enroll',
  tapToReset: 'Tap to reset',
  cardEnrolled: 'Card enrolled',
  cardAlreadyEnrolled: 'Card already enrolled',
  cardNotEnrolled: 'Card not enrolled',
  cardReset: 'Card reset',
  wrongCard: 'Wrong card',
  cardNotReset: 'Card not reset',
  noCardPresented: 'No card presented',
  outOfOrder: 'Out of order',
  introductionLapsed: 'Introduction lapsed',
  /** {username} and {time} (HH:MM) are filled in (decision 23). */
  bookedBy: 'Booked by {username} until {time}',
  blockedUntil: 'Blocked until {time}',
  /** Followed by ": " and the username of the first in line of the wait list (decision 23). */
  heldFor: 'Held for',
  /** The warning before an automatic end; {time} (HH:MM) is filled in (decisions 21, 23). */
  endsAt: 'Ends at {time}',
} as const;

/** The display texts in each language of the interface; the English ones are the contract. */
export const READER_DISPLAY_TEXTS = {
  en: ReaderDisplayTexts,
  de: {
    readingCard: 'Karte wird gelesen…',
    cardNotRecognised: 'Karte nicht erkannt',
    noResourceChosen: 'Keine Ressource gewählt',
    noResourceConnected: 'Keine Ressource verbunden',
    noIntroduction: 'Keine Einweisung',
    inUse: 'In Benutzung',
    sessionStarted: 'Sitzung gestartet',
    sessionEnded: 'Sitzung beendet',
    tapToEnroll: 'Karte zum Registrieren auflegen',
    tapToReset: 'Karte zum Zurücksetzen auflegen',
    cardEnrolled: 'Karte registriert',
    cardAlreadyEnrolled: 'Karte bereits registriert',
    cardNotEnrolled: 'Karte nicht registriert',
    cardReset: 'Karte zurückgesetzt',
    wrongCard: 'Falsche Karte',
    cardNotReset: 'Karte nicht zurückgesetzt',
    noCardPresented: 'Keine Karte aufgelegt',
    outOfOrder: 'Außer Betrieb',
    introductionLapsed: 'Einweisung abgelaufen',
    bookedBy: 'Gebucht von {username} bis {time}',
    blockedUntil: 'Gesperrt bis {time}',
    heldFor: 'Reserviert für',
    endsAt: 'Endet um {time}',
  },
} as const satisfies Record<'en' | 'de', Record<keyof typeof ReaderDisplayTexts, string>>;
export type ReaderDisplayText = keyof typeof ReaderDisplayTexts;

/** The notes a tap writes on the session it starts or ends (the readers design). */
export const readerSessionNotes = (readerName: string, cardId: number) =>
  `by FABReader ${readerName} with NFC card ${cardId}`;

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
  /** How long enrolment and reset wait for the card. */
  cardWaitTimeoutMs: 30_000,
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

export const EnrollNfcCardBodySchema = z.object({
  readerId: IdSchema.describe('The connected reader the card will be tapped on'),
});
export type EnrollNfcCardBody = z.infer<typeof EnrollNfcCardBodySchema>;

export const ResetNfcCardBodySchema = z.object({
  readerId: IdSchema.describe('The connected reader the card will be tapped on'),
  cardId: IdSchema.describe('The enrolled card to give back its factory keys'),
});
export type ResetNfcCardBody = z.infer<typeof ResetNfcCardBodySchema>;

// Firmware for the flasher (spec 02 §3 "Firmware entry", §7; the readers design: Flasher).

/** Where the server serves the reader firmware an administrator placed in its data folder. */
export const FIRMWARE_ASSETS_PATH = '/_fabreader_assets';
export const FIRMWARE_INDEX_PATH = `${FIRMWARE_ASSETS_PATH}/index.json`;

/** A name the firmware folder serves: one flat folder, no dot files, so no path can leave it. */
export const FirmwareFileNameSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*$/, 'A plain file name');

/**
 * A firmware's manifest in the ESP Web Tools format that PlatformIO and ESPHome builds produce:
 * the images to write and where. The flasher writes the first build's parts.
 */
export const FirmwareManifestSchema = z.object({
  name: z.string().trim().min(1).max(200),
  version: z.string().trim().min(1).max(100),
  builds: z
    .array(
      z.object({
        chipFamily: z.string().trim().min(1).max(50),
        parts: z
          .array(z.object({ path: FirmwareFileNameSchema, offset: z.number().int().min(0) }))
          .min(1)
          .max(16),
      }),
    )
    .min(1)
    .max(16),
});
export type FirmwareManifest = z.infer<typeof FirmwareManifestSchema>;

export const FirmwareEntrySchema = z
  .object({
    environment: z.string().describe('The manifest file name without .json'),
    friendly_name: z.string(),
    version: z.string(),
    board_family: z.string().describe('The chip family of the first build, e.g. ESP32-C3'),
    manifest_path: z.string().describe('Where the manifest is served'),
  })
  .describe('One reader firmware the flasher offers');
export type FirmwareEntry = z.infer<typeof FirmwareEntrySchema>;

export const FirmwareIndexSchema = z.object({ firmwares: z.array(FirmwareEntrySchema) });
export type FirmwareIndex = z.infer<typeof FirmwareIndexSchema>;

export const FirmwareFilePathSchema = z.object({ file: FirmwareFileNameSchema });
