import {
  BookingErrorCodes,
  BookingMessages,
  type DisplayTone,
  Messages,
  type NfcCard,
  READER_DISPLAY_TEXTS,
  READER_PROTOCOL,
  ReaderMessages,
  ResourceErrorCodes,
  ResourceMessages,
  readerSessionNotes,
} from '@toolpass/contracts';
import { type AuditLog, diffFields } from '../../platform/audit/audit-log.ts';

/** A DISPLAY frame's text is at most this long (contracts, DisplayFrameSchema). */
const READER_DISPLAY_MAX_LENGTH = 200;

import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/db-errors.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import type { NfcCardsRepository, StoredNfcCard } from './nfc-cards.repository.ts';
import { auditedCard, recordCardDeleted } from './nfc-cards.service.ts';
import type { ReaderRelay } from './reader-relay.ts';

/** The channel to the card a tap reported (the reader connections adapter). */
export type TapChannel = { transmit(apdu: Buffer): Promise<Buffer> };
export type CardTapEvent = { readerId: number; uid: string; channel: TapChannel };

/** What taps need of the sockets of this instance. */
export type TapLinks = {
  onCard(listener: (tap: CardTapEvent) => void): () => void;
  isConnected(readerId: number): boolean;
  display(readerId: number, text: string, tone: DisplayTone): boolean;
  choose(readerId: number, resources: { id: number; name: string }[]): Promise<number | undefined>;
};

type KeyContext = { uid: Buffer; keyVersion: number };

/**
 * The card's cryptography (adapters/readers/ntag424), bound to the server's card root. A card's
 * refusal resolves false (prove) or rejects with `refused` set; the channel's own failures
 * (timeout, disconnect, another card) reject without it.
 */
export type CardOperations = {
  prove(channel: TapChannel, context: KeyContext): Promise<boolean>;
  enroll(channel: TapChannel, context: KeyContext): Promise<void>;
  reset(channel: TapChannel, context: KeyContext): Promise<void>;
  /** Whether an error is the card's own refusal or answer, not the channel's. */
  isCardError(error: unknown): boolean;
};

type Actor = Pick<UserAccount, 'id'> & { permissions: { canManageSystemConfiguration: boolean } };

/** What another instance needs of the caller to run the call as theirs. */
const relayActor = (actor: Actor) => ({
  id: actor.id,
  permissions: { canManageSystemConfiguration: actor.permissions.canManageSystemConfiguration },
});

/** The key version written into newly enrolled cards (stored per card). */
export const CURRENT_KEY_VERSION = 1;

type Waiter = { resolve(tap: CardTapEvent | undefined): void; timer: NodeJS.Timeout };

/**
 * Taps, enrolment and reset (the readers design: "A card proves itself", "Enrolment and
 * reset", "Using a machine with a tap"). A tap starts or ends a session through the usage
 * service, like the browser, so its events reach SSE, MQTT and webhooks. While an enrolment or
 * reset waits on a reader, that reader's next tap is its card and no tap of its own.
 */
export function createReaderTapsService(deps: {
  db: Db;
  cards: NfcCardsRepository;
  users: { findById(id: number): Promise<UserAccount | undefined> };
  readers: {
    get(id: number): Promise<{ name: string }>;
    resourcesOf(readerId: number): Promise<{ id: number; name: string }[]>;
  };
  usage: {
    active(viewer: UserAccount, resourceId: number): Promise<{ userId: number } | null>;
    start(actor: UserAccount, resourceId: number, body: { notes?: string }): Promise<unknown>;
    end(actor: UserAccount, resourceId: number, notes: string | null): Promise<unknown>;
  };
  links: TapLinks;
  operations: CardOperations;
  clock: { now(): Date };
  /** Where a tap's unexpected failure goes; the reader shows "Card not recognised". */
  onError(error: unknown): void;
  /** What the displays say, in the server's default language. */
  texts?: (typeof READER_DISPLAY_TEXTS)[keyof typeof READER_DISPLAY_TEXTS];
  cardWaitTimeoutMs?: number;
  audit: AuditLog;
  /** Other instances, where the reader may be connected (PostgreSQL only). */
  relay?: Pick<ReaderRelay, 'enroll' | 'reset'>;
}) {
  const texts = deps.texts ?? READER_DISPLAY_TEXTS.en;
  const cardWaitMs = deps.cardWaitTimeoutMs ?? READER_PROTOCOL.cardWaitTimeoutMs;
  const waiters = new Map<number, Waiter>();
  /** The latest tap per reader: an older tap that a newer one superseded shows nothing more. */
  const latestTap = new Map<number, number>();
  let tapCount = 0;

  const uidBytes = (uid: string) => Buffer.from(uid, 'hex');
  /** The card refused or left the field, another card came, or the reader went: no server failure. */
  const cardGone = (error: unknown) => deps.operations.isCardError(error) || isExchangeError(error);

  async function toggle(tap: CardTapEvent, isCurrent: () => boolean) {
    const show = (text: string, tone: DisplayTone) => {
      if (isCurrent()) deps.links.display(tap.readerId, text, tone);
    };
    show(texts.readingCard, 'info');
    const card = await deps.cards.findByUid(deps.db, tap.uid);
    const proved =
      card !== undefined &&
      (await deps.operations.prove(tap.channel, { uid: uidBytes(tap.uid), keyVersion: card.keyVersion }));
    // The owner is read after the proof: a member deleted meanwhile has no card any more.
    const owner = proved && card ? await deps.users.findById(card.userId) : undefined;
    if (!card || !owner) {
      show(texts.cardNotRecognised, 'error');
      return;
    }

    const resources = await deps.readers.resourcesOf(tap.readerId);
    let resourceId: number | undefined;
    if (resources.length === 0) {
      show(texts.noResourceConnected, 'error');
      return;
    }
    if (resources.length === 1) resourceId = resources[0]?.id;
    else {
      resourceId = await deps.links.choose(tap.readerId, resources);
      if (resourceId === undefined) {
        show(texts.noResourceChosen, 'info');
        return;
      }
    }
    if (resourceId === undefined || !isCurrent()) return;

    const notes = readerSessionNotes((await deps.readers.get(tap.readerId)).name, card.id);
    const active = await deps.usage.active(owner, resourceId);
    try {
      if (!active) {
        await deps.usage.start(owner, resourceId, { notes });
        show(texts.sessionStarted, 'success');
      } else if (active.userId === owner.id || owner.permissions.canManageResources) {
        await deps.usage.end(owner, resourceId, notes);
        show(texts.sessionEnded, 'success');
      } else show(texts.inUse, 'error');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      show(refusalText(error), 'error');
    }
  }

  /**
   * What the display says to a refused tap: out of order with the manager's reason, a lapsed
   * introduction (decision 21), held for the first in line of the wait list (decision 23); else 403: no introduction; 409: someone started first; 400: the
   * session ended meanwhile.
   */
  function refusalText(error: AppError): string {
    if (error.errorCode === ResourceErrorCodes.outOfOrder) {
      const reason = error.message.slice(ResourceMessages.outOfOrderPrefix.length);
      return `${texts.outOfOrder}: ${reason}`.slice(0, READER_DISPLAY_MAX_LENGTH);
    }
    if (error.errorCode === ResourceErrorCodes.introductionLapsed) return texts.introductionLapsed;
    if (error.errorCode === BookingErrorCodes.heldForOther) {
      const holder = error.message.slice(BookingMessages.heldForPrefix.length);
      return `${texts.heldFor}: ${holder}`.slice(0, READER_DISPLAY_MAX_LENGTH);
    }
    if (error.errorCode === BookingErrorCodes.bookedByOther) return bookedText(error.message);
    return error.statusCode === 403 ? texts.noIntroduction : texts.inUse;
  }

  /** "Booked by {username} until {HH:MM}" or a block's "Blocked until {HH:MM}" in the reader's language. */
  function bookedText(message: string): string {
    const time = message.slice(-5);
    const text = message.startsWith(BookingMessages.blockedPrefix)
      ? texts.blockedUntil.replace('{time}', time)
      : texts.bookedBy
          .replace(
            '{username}',
            message.slice(BookingMessages.bookedByPrefix.length, message.lastIndexOf(' until ')),
          )
          .replace('{time}', time);
    return text.slice(0, READER_DISPLAY_MAX_LENGTH);
  }

  /** Marks a new tap on the reader; every older one is superseded. */
  function supersede(readerId: number): number {
    tapCount += 1;
    latestTap.set(readerId, tapCount);
    return tapCount;
  }

  async function handleTap(tap: CardTapEvent) {
    const mine = supersede(tap.readerId);
    const isCurrent = () => latestTap.get(tap.readerId) === mine;
    try {
      await toggle(tap, isCurrent);
    } catch (error) {
      // A card taken away mid-exchange is no server failure; another card or a gone reader says nothing.
      if (!cardGone(error)) deps.onError(error);
      if (isCurrent()) deps.links.display(tap.readerId, texts.cardNotRecognised, 'error');
    } finally {
      if (isCurrent()) latestTap.delete(tap.readerId);
    }
  }

  /** The next tap on the reader within the card wait; 404 for a reader not connected here. */
  async function nextCard(readerId: number, prompt: string): Promise<CardTapEvent> {
    if (!deps.links.isConnected(readerId)) throw notFound(ReaderMessages.readerNotFound);
    if (waiters.has(readerId)) throw conflict(ReaderMessages.readerBusy);
    const tap = await new Promise<CardTapEvent | undefined>((resolve) => {
      const timer = setTimeout(() => {
        waiters.delete(readerId);
        resolve(undefined);
      }, cardWaitMs);
      waiters.set(readerId, { resolve, timer });
      deps.links.display(readerId, prompt, 'info');
    });
    if (!tap) {
      deps.links.display(readerId, texts.noCardPresented, 'info');
      throw new AppError(408, ReaderMessages.noCardPresented);
    }
    return tap;
  }

  function present(card: StoredNfcCard): NfcCard {
    return { id: card.id, uid: card.uid, userId: card.userId, createdAt: card.createdAt.toISOString() };
  }

  return {
    /** Starts listening to taps; returns the way to stop. */
    listen(): () => void {
      return deps.links.onCard((tap) => {
        const waiter = waiters.get(tap.readerId);
        if (waiter) {
          // A tap still running on this reader must not write over the enrolment's displays.
          supersede(tap.readerId);
          clearTimeout(waiter.timer);
          waiters.delete(tap.readerId);
          waiter.resolve(tap);
          return;
        }
        void handleTap(tap);
      });
    },

    /**
     * Enrols the next card tapped on the reader for the caller (the readers design); a reader
     * connected to another instance enrols there.
     */
    async enroll(actor: Actor, readerId: number): Promise<NfcCard> {
      if (!deps.links.isConnected(readerId) && deps.relay) {
        const card = await deps.relay.enroll(relayActor(actor), readerId);
        if (!card) throw notFound(ReaderMessages.readerNotFound);
        return card;
      }
      const tap = await nextCard(readerId, texts.tapToEnroll);
      if (await deps.cards.findByUid(deps.db, tap.uid)) {
        deps.links.display(readerId, texts.cardAlreadyEnrolled, 'error');
        throw conflict(ReaderMessages.cardAlreadyEnrolled);
      }
      try {
        await deps.operations.enroll(tap.channel, {
          uid: uidBytes(tap.uid),
          keyVersion: CURRENT_KEY_VERSION,
        });
      } catch (error) {
        if (!cardGone(error)) throw error;
        deps.links.display(readerId, texts.cardNotEnrolled, 'error');
        throw new AppError(422, ReaderMessages.cardNotEnrolled);
      }
      let id: number;
      try {
        id = await deps.db.transaction().execute(async (tx) => {
          const inserted = await deps.cards.insert(
            tx,
            { uid: tap.uid, userId: actor.id, keyVersion: CURRENT_KEY_VERSION },
            deps.clock.now(),
          );
          const card = await deps.cards.find(tx, inserted);
          if (card) {
            const { target, fields } = auditedCard(card);
            await deps.audit.record(tx, {
              action: 'nfc-card.enrolled',
              target,
              changes: diffFields({}, fields),
            });
          }
          return inserted;
        });
      } catch (error) {
        // Two enrolments of one card on two readers: the later one finds the row written.
        if (!isUniqueViolation(error)) throw error;
        deps.links.display(readerId, texts.cardAlreadyEnrolled, 'error');
        throw conflict(ReaderMessages.cardAlreadyEnrolled);
      }
      const stored = await deps.cards.find(deps.db, id);
      if (!stored) throw notFound(ReaderMessages.cardNotFound);
      deps.links.display(readerId, texts.cardEnrolled, 'success');
      return present(stored);
    },

    /** Gives the card its factory keys back and deletes it: its owner or a system administrator. */
    async reset(actor: Actor, readerId: number, cardId: number): Promise<void> {
      const card = await deps.cards.find(deps.db, cardId);
      if (!card) throw notFound(ReaderMessages.cardNotFound);
      if (card.userId !== actor.id && !actor.permissions.canManageSystemConfiguration) {
        throw forbidden(Messages.forbiddenInsufficientPermissions);
      }
      if (!deps.links.isConnected(readerId) && deps.relay) {
        if (!(await deps.relay.reset(relayActor(actor), readerId, cardId))) {
          throw notFound(ReaderMessages.readerNotFound);
        }
        return;
      }
      const tap = await nextCard(readerId, texts.tapToReset);
      if (tap.uid !== card.uid) {
        deps.links.display(readerId, texts.wrongCard, 'error');
        throw conflict(ReaderMessages.wrongCard);
      }
      try {
        await deps.operations.reset(tap.channel, { uid: uidBytes(tap.uid), keyVersion: card.keyVersion });
      } catch (error) {
        if (!cardGone(error)) throw error;
        deps.links.display(readerId, texts.cardNotReset, 'error');
        throw new AppError(422, ReaderMessages.cardNotReset);
      }
      await deps.db.transaction().execute(async (tx) => {
        await deps.cards.delete(tx, card.id);
        await recordCardDeleted(deps.audit, tx, card, 'nfc-card.reset');
      });
      deps.links.display(readerId, texts.cardReset, 'success');
    },
  };
}

// The connections adapter's CardExchangeError (timeout, disconnect, another card), told by its
// name so the domain imports no adapter.
const isExchangeError = (error: unknown) => error instanceof Error && error.name === 'CardExchangeError';

export type ReaderTapsService = ReturnType<typeof createReaderTapsService>;
