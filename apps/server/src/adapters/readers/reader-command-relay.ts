import { randomUUID } from 'node:crypto';
import type { NfcCard, PairReaderBody, Reader } from '@toolpass/contracts';
import { sql } from 'kysely';
import type { ReaderRelay, RelayActor } from '../../domains/readers/reader-relay.ts';
import type { Db } from '../../platform/db/database.ts';
import type { ChannelListener } from '../../platform/db/pg-listener.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Logger } from '../../platform/logging/logger.ts';

const CHANNEL = 'toolpass_reader_commands';
/** How long the instance that holds the reader has to say so; silence means none does. */
const ACK_MS = 1_500;
/** The longest a held command may run: an enrolment waits for a card, then talks to it. */
const RESULT_MS = 120_000;

export type ReaderCommand =
  | { kind: 'pair'; body: PairReaderBody }
  | { kind: 'enroll'; actor: RelayActor; readerId: number }
  | { kind: 'reset'; actor: RelayActor; readerId: number; cardId: number };

type Failure = { statusCode: number; message: string; errorCode?: string | undefined };
type Envelope =
  | { type: 'command'; id: string; from: string; command: ReaderCommand }
  | { type: 'ack'; id: string; to: string }
  | { type: 'result'; id: string; to: string; value: unknown }
  | { type: 'failure'; id: string; to: string; failure: Failure };

type Waiting = {
  acked: boolean;
  timer: NodeJS.Timeout;
  resolve(value: unknown): void;
  reject(error: Error): void;
};

/** What the instance that holds a reader's socket does with a command for it. */
export type ReaderCommandHandler = {
  holds(command: ReaderCommand): boolean;
  run(command: ReaderCommand): Promise<unknown>;
};

/** Commands run here as the calls made here run: the same services, on this instance's sockets. */
export function readerCommandHandler(deps: {
  connections: { hasPending(code: string): boolean; isConnected(readerId: number): boolean };
  readers: { pairHere(body: PairReaderBody): Promise<Reader | undefined> };
  taps: {
    enroll(actor: RelayActor, readerId: number): Promise<NfcCard>;
    reset(actor: RelayActor, readerId: number, cardId: number): Promise<void>;
  };
}): ReaderCommandHandler {
  return {
    holds: (command) =>
      command.kind === 'pair'
        ? deps.connections.hasPending(command.body.code)
        : deps.connections.isConnected(command.readerId),
    run(command) {
      if (command.kind === 'pair') return deps.readers.pairHere(command.body);
      if (command.kind === 'enroll') return deps.taps.enroll(command.actor, command.readerId);
      return deps.taps.reset(command.actor, command.readerId, command.cardId);
    },
  };
}

/**
 * Pairing, enrolment and reset need the reader's socket, which lives on one instance (decision
 * 15). A call that lands on another instance is sent over PostgreSQL's notifications: the
 * instance holding the pending code or the socket says so at once, runs the call as if it had
 * been made there, and sends back its answer or its error, which the first instance gives its
 * caller. No answer within ACK_MS means no instance holds the reader.
 */
export function createReaderCommandRelay(deps: {
  db: Db;
  listen: (
    channel: string,
    onNotification: (payload: string) => void,
    onError: (error: Error) => void,
  ) => ChannelListener;
  logger: Logger;
}) {
  const instance = randomUUID();
  const waiting = new Map<string, Waiting>();
  let handler: ReaderCommandHandler | undefined;
  let listener: ChannelListener | undefined;

  const send = (envelope: Envelope) =>
    sql`select pg_notify(${CHANNEL}, ${JSON.stringify(envelope)})`.execute(deps.db).then(() => undefined);

  async function serve(envelope: Extract<Envelope, { type: 'command' }>) {
    if (!handler?.holds(envelope.command)) return;
    const reply = { id: envelope.id, to: envelope.from };
    await send({ type: 'ack', ...reply });
    try {
      await send({ type: 'result', ...reply, value: (await handler.run(envelope.command)) ?? null });
    } catch (error) {
      const failure: Failure =
        error instanceof AppError
          ? { statusCode: error.statusCode, message: error.message, errorCode: error.errorCode }
          : { statusCode: 500, message: 'Internal Server Error' };
      if (!(error instanceof AppError)) deps.logger.error({ err: error }, 'A relayed reader command failed');
      await send({ type: 'failure', ...reply, failure });
    }
  }

  function receive(payload: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.type === 'command') {
      if (envelope.from !== instance) {
        serve(envelope).catch((error) =>
          deps.logger.warn({ err: error }, 'A reader command was not answered'),
        );
      }
      return;
    }
    if (envelope.to !== instance) return;
    const entry = waiting.get(envelope.id);
    if (!entry) return;
    if (envelope.type === 'ack') {
      entry.acked = true;
      clearTimeout(entry.timer);
      entry.timer = setTimeout(
        () => finish(envelope.id, undefined, new AppError(504, 'Gateway Timeout')),
        RESULT_MS,
      );
      return;
    }
    if (envelope.type === 'result') finish(envelope.id, envelope.value);
    else {
      const { statusCode, message, errorCode } = envelope.failure;
      finish(envelope.id, undefined, new AppError(statusCode, message, errorCode ? { errorCode } : {}));
    }
  }

  function finish(id: string, value: unknown, error?: Error) {
    const entry = waiting.get(id);
    if (!entry) return;
    waiting.delete(id);
    clearTimeout(entry.timer);
    if (error) entry.reject(error);
    else entry.resolve(value);
  }

  /** The holder's answer, or undefined when no instance holds the reader or code. */
  async function forward(command: ReaderCommand): Promise<unknown> {
    const id = randomUUID();
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => finish(id, undefined), ACK_MS);
      waiting.set(id, { acked: false, timer, resolve, reject });
    });
    await send({ type: 'command', id, from: instance, command });
    return answer;
  }

  const relay: ReaderRelay = {
    pair: (body) => forward({ kind: 'pair', body }) as Promise<Reader | undefined>,
    enroll: (actor, readerId) => forward({ kind: 'enroll', actor, readerId }) as Promise<NfcCard | undefined>,
    async reset(actor, readerId, cardId) {
      return (await forward({ kind: 'reset', actor, readerId, cardId })) !== undefined;
    },
  };

  return {
    relay,
    /** What this instance does with commands for the readers it holds. */
    serve(next: ReaderCommandHandler) {
      handler = next;
    },
    async start() {
      listener = deps.listen(CHANNEL, receive, (error) =>
        deps.logger.warn({ err: error }, 'Reader commands from other instances are not heard'),
      );
      await listener.ready;
    },
    async stop() {
      await listener?.close();
      for (const id of [...waiting.keys()]) finish(id, undefined);
    },
  };
}

export type ReaderCommandRelay = ReturnType<typeof createReaderCommandRelay>;
