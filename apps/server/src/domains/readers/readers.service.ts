import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  Messages,
  type PairReaderBody,
  READER_PROTOCOL,
  type Reader,
  ReaderCloseReasons,
  ReaderMessages,
  ResourceMessages,
  type UpdateReaderBody,
} from '@toolpass/contracts';
import { type AuditLog, diffFields } from '../../platform/audit/audit-log.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Db } from '../../platform/db/database.ts';
import { isForeignKeyViolation } from '../../platform/db/db-errors.ts';
import type { AttemptLimiter, Reservation } from '../../platform/http/attempt-limiter.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { ReaderRelay } from './reader-relay.ts';
import type { ReadersRepository, SeenOutcome, StoredReader } from './readers.repository.ts';

/** What the readers need of the sockets of this instance (the reader connections adapter). */
export type ReaderLinks = {
  claimPairing(code: string):
    | {
        deviceId: string;
        firmware: string;
        deliver(readerId: number, readerKey: Buffer): boolean;
        abandon(): void;
      }
    | undefined;
  disconnect(readerId: number, reason: string): void;
};

/** How a reader's AUTH ended. */
export type AuthOutcome = 'accepted' | 'unknown-reader' | 'wrong-mac' | 'rate-limited';

const readerNotFound = () => notFound(ReaderMessages.readerNotFound);
const tooManyRequests = () => new AppError(429, Messages.tooManyRequests);

/**
 * Paired NFC readers (spec 02 §3, §7; the readers design): approval by pairing code, the
 * reader's key (sealed at rest, never answered), its resources, and the checks of its AUTH.
 */
export function createReadersService(deps: {
  db: Db;
  repo: ReadersRepository;
  /** The 'reader-key' box: keys are stored only sealed. */
  keys: SecretBox;
  clock: Clock;
  links: ReaderLinks;
  limits: {
    /** Wrong pairing codes per client address. */
    pairingFailures: AttemptLimiter;
    /** Refused AUTHs per address. */
    authFailures: AttemptLimiter;
    /** HELLOs (new pending readers) per address that do not end paired. */
    hellos: AttemptLimiter;
  };
  /** A reader not heard from for this long counts as disconnected on every instance. */
  silenceTimeoutMs?: number;
  audit: AuditLog;
  /** Other instances, where a pending reader may be waiting (PostgreSQL only). */
  relay?: Pick<ReaderRelay, 'pair'>;
}) {
  /** A reader as the audit log shows it; its key is never among the fields. */
  const audited = (reader: StoredReader) => ({
    name: reader.name,
    deviceId: reader.deviceId,
    resourceIds: reader.resourceIds,
  });
  const auditTarget = (reader: StoredReader) => ({
    type: 'reader' as const,
    id: reader.id,
    name: reader.name,
  });

  const silenceMs = deps.silenceTimeoutMs ?? READER_PROTOCOL.silenceTimeoutMs;

  type Waiting = NonNullable<ReturnType<ReaderLinks['claimPairing']>>;

  /** The reader row with a new random key, then PAIRED to the waiting socket. */
  async function approve(waiting: Waiting, body: PairReaderBody): Promise<Reader> {
    const readerKey = randomBytes(READER_PROTOCOL.readerKeyBytes);
    let id: number;
    try {
      id = await deps.db.transaction().execute(async (tx) => {
        const inserted = await deps.repo.insert(
          tx,
          {
            name: body.name,
            deviceId: waiting.deviceId,
            firmware: waiting.firmware,
            keySealed: deps.keys.seal(readerKey.toString('hex')),
          },
          deps.clock.now(),
        );
        const reader = await require(tx, inserted);
        await deps.audit.record(tx, {
          action: 'reader.paired',
          target: auditTarget(reader),
          changes: diffFields({}, audited(reader)),
        });
        return inserted;
      });
    } catch (error) {
      // Its code is spent: without this the reader would wait, codeless, until it gave up.
      waiting.abandon();
      throw error;
    }
    if (!waiting.deliver(id, readerKey)) {
      // The reader left between its code and the approval: it never learnt its key.
      await deps.db.transaction().execute(async (tx) => {
        const reader = await require(tx, id);
        await deps.repo.delete(tx, id);
        await deps.audit.record(tx, {
          action: 'reader.deleted',
          target: auditTarget(reader),
          changes: diffFields(audited(reader), {}),
        });
      });
      throw notFound(ReaderMessages.pairingCodeNotFound);
    }
    return present(await require(deps.db, id));
  }

  function present(reader: StoredReader): Reader {
    const now = deps.clock.now().getTime();
    const connected =
      reader.connectionId !== null && reader.seenAt !== null && now - reader.seenAt.getTime() <= silenceMs;
    return {
      id: reader.id,
      name: reader.name,
      connected,
      lastConnection: reader.lastConnection?.toISOString() ?? null,
      hasAccessToResourceIds: reader.resourceIds,
    };
  }

  async function require(db: Db, id: number): Promise<StoredReader> {
    const reader = await deps.repo.find(db, id);
    if (!reader) throw readerNotFound();
    return reader;
  }

  return {
    async list(): Promise<Reader[]> {
      return (await deps.repo.list(deps.db)).map(present);
    },

    async get(id: number): Promise<Reader> {
      return present(await require(deps.db, id));
    },

    /** Name and resources change together; the next tap reads the new resources (no reconnect). */
    async update(id: number, body: UpdateReaderBody): Promise<Reader> {
      try {
        return await deps.db.transaction().execute(async (tx) => {
          const before = await require(tx, id);
          if (body.name !== undefined) await deps.repo.rename(tx, id, body.name, deps.clock.now());
          if (body.connectedResources !== undefined) {
            await deps.repo.replaceResources(tx, id, [...new Set(body.connectedResources)]);
          }
          const after = await require(tx, id);
          const changes = diffFields(audited(before), audited(after));
          if (Object.keys(changes).length > 0)
            await deps.audit.record(tx, { action: 'reader.updated', target: auditTarget(after), changes });
          return present(after);
        });
      } catch (error) {
        // A resource id that names no resource (or one deleted meanwhile); nothing was changed.
        if (isForeignKeyViolation(error)) throw notFound(ResourceMessages.resourceNotFound);
        throw error;
      }
    },

    /**
     * Approves the reader waiting with this code, here or on another instance: the reader row
     * with a new random key, then PAIRED to the waiting socket. A code that matches no waiting
     * reader is a 404, and
     * counts against the caller's address: every attempt spends before the look-up and a code
     * that matches gives it back.
     */
    async pair(body: PairReaderBody, client: string): Promise<Reader> {
      const attempt = deps.limits.pairingFailures.reserve(client);
      if (!attempt) throw tooManyRequests();
      const waiting = deps.links.claimPairing(body.code);
      if (waiting) {
        attempt.refund();
        return approve(waiting, body);
      }
      // Not waiting here: perhaps on another instance, which then pairs it (decision 15).
      const reader = await deps.relay?.pair(body);
      if (!reader) throw notFound(ReaderMessages.pairingCodeNotFound);
      attempt.refund();
      return reader;
    },

    /** Pairs a reader waiting on this instance, for a call made on another; undefined when none. */
    async pairHere(body: PairReaderBody): Promise<Reader | undefined> {
      const waiting = deps.links.claimPairing(body.code);
      return waiting ? approve(waiting, body) : undefined;
    },

    /** The row goes (with its resource links); a socket of the reader on this instance is closed. */
    async delete(id: number): Promise<void> {
      await deps.db.transaction().execute(async (tx) => {
        const reader = await require(tx, id);
        if (!(await deps.repo.delete(tx, id))) throw readerNotFound();
        await deps.audit.record(tx, {
          action: 'reader.deleted',
          target: auditTarget(reader),
          changes: diffFields(audited(reader), {}),
        });
      });
      deps.links.disconnect(id, ReaderCloseReasons.readerDeleted);
    },

    /**
     * Spends one of this address's HELLOs for a new pending reader, or undefined when they are
     * spent. The caller gives it back once the reader is paired, so the budget counts the pending
     * readers that never pair (a flood), not a space pairing its readers one after another.
     */
    admitHello(client: string): Reservation | undefined {
      return deps.limits.hellos.reserve(client);
    },

    /** Checks an AUTH: HMAC-SHA256 over the nonce bytes, keyed with the reader key bytes. */
    async authenticate(readerId: number, nonce: Buffer, mac: Buffer, client: string): Promise<AuthOutcome> {
      if (deps.limits.authFailures.blocked(client)) return 'rate-limited';
      const reader = await deps.repo.find(deps.db, readerId);
      if (!reader) {
        deps.limits.authFailures.record(client);
        return 'unknown-reader';
      }
      let key: Buffer;
      try {
        key = Buffer.from(deps.keys.open(reader.keySealed), 'hex');
      } catch {
        // Sealed under another SECRET_KEY: the reader must be paired again.
        deps.limits.authFailures.record(client);
        return 'wrong-mac';
      }
      const expected = createHmac('sha256', key).update(nonce).digest();
      if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) {
        deps.limits.authFailures.record(client);
        return 'wrong-mac';
      }
      return 'accepted';
    },

    /** Marks the socket as the reader's connection; false when the reader was deleted meanwhile. */
    connected(readerId: number, connectionId: string): Promise<boolean> {
      return deps.repo.markAuthenticated(deps.db, readerId, connectionId, deps.clock.now());
    },

    /** The socket answered a ping; tells whether it is still the reader's connection. */
    seen(readerId: number, connectionId: string): Promise<SeenOutcome> {
      return deps.repo.markSeen(deps.db, readerId, connectionId, deps.clock.now());
    },

    disconnected(readerId: number, connectionId: string): Promise<void> {
      return deps.repo.markDisconnected(deps.db, readerId, connectionId);
    },

    /** The resources the reader serves now, for a tap. */
    resourcesOf(readerId: number): Promise<{ id: number; name: string }[]> {
      return deps.repo.resourcesOf(deps.db, readerId);
    },
  };
}

export type ReadersService = ReturnType<typeof createReadersService>;
