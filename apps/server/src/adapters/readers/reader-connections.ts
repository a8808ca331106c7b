import { randomInt } from 'node:crypto';
import {
  type DisplayTone,
  READER_PROTOCOL,
  ReaderCloseCodes,
  ReaderCloseReasons,
  type ServerToReaderFrame,
} from '@toolpass/contracts';
import type { CardChannel } from './card-channel.ts';

/** The socket of one reader as the registry uses it; the WebSocket route adapts `ws` to it. */
export type ReaderSocket = {
  send(frame: ServerToReaderFrame): void;
  close(code: number, reason: string): void;
};

/** A card entered the field of an authenticated reader; `channel` talks to this card only. */
export type CardTap = { readerId: number; uid: string; channel: CardChannel };

/** A reader that said HELLO and waits for an administrator to enter its code. */
export type PendingPairing = {
  deviceId: string;
  firmware: string;
  /** Sends PAIRED and closes the socket normally; false when the socket is gone meanwhile. */
  deliver(readerId: number, readerKey: Buffer): boolean;
  /** The approval failed on the server: the reader is closed and asks for a new code. */
  abandon(): void;
};

/** Why a card exchange ended early; the tap and enrol logic tell it from a card's refusal. */
export class CardExchangeError extends Error {
  readonly reason: 'timeout' | 'disconnected' | 'superseded';
  constructor(reason: 'timeout' | 'disconnected' | 'superseded') {
    super(
      reason === 'timeout'
        ? 'The card did not answer in time'
        : reason === 'disconnected'
          ? 'The reader disconnected'
          : 'Another card was presented',
    );
    this.name = 'CardExchangeError';
    this.reason = reason;
  }
}

type Waiting = {
  resolve(value: Buffer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
};

type LiveReader = {
  socket: ReaderSocket;
  /** Counts CARD frames: a channel belongs to one exchange and fails once the next one starts. */
  exchange: number;
  seq: number;
  waiting: Map<number, Waiting>;
  choice?: { resolve(resourceId: number | undefined): void; timer: NodeJS.Timeout; ids: Set<number> };
};

type PendingHello = {
  deviceId: string;
  firmware: string;
  /** Called once the reader got its key (PAIRED sent). */
  onPaired?: () => void;
};

type PendingEntry = PendingHello & { socket: ReaderSocket; timer: NodeJS.Timeout };

export type ReaderTimings = {
  pairingLifetimeMs: number;
  apduTimeoutMs: number;
  selectTimeoutMs: number;
};

/**
 * The readers connected to this instance: sockets waiting for approval (by pairing code) and
 * authenticated sockets (by reader id). A reader is connected to one instance at a time, so the
 * card exchanges, displays and taps of a reader happen here or nowhere (decision 15).
 */
export function createReaderConnections(options: {
  timings?: Partial<ReaderTimings>;
  /** Pending readers at most; more HELLOs are refused, so memory and the code space stay bounded. */
  maxPending?: number;
  /** Where a tap listener's failure goes; it must not cost the reader its socket or other listeners. */
  onListenerError?: (error: unknown) => void;
}) {
  const timings: ReaderTimings = {
    pairingLifetimeMs: READER_PROTOCOL.pairingLifetimeMs,
    apduTimeoutMs: READER_PROTOCOL.apduTimeoutMs,
    selectTimeoutMs: READER_PROTOCOL.selectTimeoutMs,
    ...options.timings,
  };
  const maxPending = options.maxPending ?? 1_000;
  const pending = new Map<string, PendingEntry>();
  const live = new Map<number, LiveReader>();
  const tapListeners = new Set<(tap: CardTap) => void>();

  function endExchange(reader: LiveReader, why: CardExchangeError) {
    for (const waiting of reader.waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(why);
    }
    reader.waiting.clear();
    if (reader.choice) {
      clearTimeout(reader.choice.timer);
      reader.choice.resolve(undefined);
      reader.choice = undefined;
    }
  }

  function channel(readerId: number, reader: LiveReader, exchange: number): CardChannel {
    return {
      transmit(apdu: Buffer): Promise<Buffer> {
        if (live.get(readerId) !== reader) return Promise.reject(new CardExchangeError('disconnected'));
        if (reader.exchange !== exchange) return Promise.reject(new CardExchangeError('superseded'));
        reader.seq += 1;
        const seq = reader.seq;
        try {
          reader.socket.send({ type: 'APDU', seq, apdu: apdu.toString('hex') });
        } catch (error) {
          // An APDU the contract refuses (empty, too long) is never sent, nor waited for.
          return Promise.reject(error);
        }
        // The answer comes in a later frame, so waiting starts after the send.
        return new Promise<Buffer>((resolve, reject) => {
          const timer = setTimeout(() => {
            reader.waiting.delete(seq);
            reject(new CardExchangeError('timeout'));
          }, timings.apduTimeoutMs);
          reader.waiting.set(seq, { resolve, reject, timer });
        });
      },
    };
  }

  function newCode(): string {
    for (;;) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      if (!pending.has(code)) return code;
    }
  }

  return {
    /** Readers authenticated on this instance now (metrics). */
    connectedCount(): number {
      return live.size;
    },

    /** Records a reader waiting for approval; its code, or undefined when too many wait. */
    addPending(socket: ReaderSocket, hello: PendingHello): string | undefined {
      if (pending.size >= maxPending) return undefined;
      const code = newCode();
      const timer = setTimeout(() => {
        if (pending.get(code)?.socket !== socket) return;
        pending.delete(code);
        socket.close(ReaderCloseCodes.unauthorized, ReaderCloseReasons.pairingExpired);
      }, timings.pairingLifetimeMs);
      pending.set(code, { socket, ...hello, timer });
      return code;
    },

    /** The socket closed before it was approved: its code is void. */
    removePending(code: string) {
      const entry = pending.get(code);
      if (!entry) return;
      clearTimeout(entry.timer);
      pending.delete(code);
    },

    /** Takes the reader waiting with this code; a code can be claimed once. */
    claimPairing(code: string): PendingPairing | undefined {
      const entry = pending.get(code);
      if (!entry) return undefined;
      clearTimeout(entry.timer);
      pending.delete(code);
      let open = true;
      return {
        deviceId: entry.deviceId,
        firmware: entry.firmware,
        deliver(readerId, readerKey) {
          if (!open) return false;
          open = false;
          try {
            entry.socket.send({ type: 'PAIRED', readerId, readerKey: readerKey.toString('hex') });
            entry.socket.close(ReaderCloseCodes.paired, ReaderCloseReasons.paired);
            entry.onPaired?.();
            return true;
          } catch {
            return false;
          }
        },
        abandon() {
          if (!open) return;
          open = false;
          entry.socket.close(1011, 'Server error');
        },
      };
    },

    /** Whether a reader waits here with this code (a pairing call made on another instance). */
    hasPending: (code: string) => pending.has(code),

    /** How many readers wait for approval (for tests and the decision's bound). */
    pendingCount: () => pending.size,

    /** An authenticated socket; an older socket of the same reader on this instance is closed. */
    register(readerId: number, socket: ReaderSocket) {
      const older = live.get(readerId);
      live.set(readerId, { socket, exchange: 0, seq: 0, waiting: new Map() });
      if (older) {
        endExchange(older, new CardExchangeError('disconnected'));
        older.socket.close(ReaderCloseCodes.replaced, ReaderCloseReasons.replaced);
      }
    },

    /** The socket closed; only its own entry goes (a newer socket may have replaced it). */
    unregister(readerId: number, socket: ReaderSocket) {
      const reader = live.get(readerId);
      if (!reader || reader.socket !== socket) return;
      live.delete(readerId);
      endExchange(reader, new CardExchangeError('disconnected'));
    },

    /** Closes the reader's socket with 4401 and the reason, if it is connected here. */
    disconnect(readerId: number, reason: string) {
      const reader = live.get(readerId);
      if (!reader) return;
      live.delete(readerId);
      endExchange(reader, new CardExchangeError('disconnected'));
      reader.socket.close(ReaderCloseCodes.unauthorized, reason);
    },

    isConnected: (readerId: number) => live.has(readerId),

    connectedReaderIds: () => [...live.keys()],

    /** A channel to the card the reader saw last; it fails once another card is presented. */
    channelFor(readerId: number): CardChannel | undefined {
      const reader = live.get(readerId);
      return reader ? channel(readerId, reader, reader.exchange) : undefined;
    },

    /** Shows a text on the reader; false when it is not connected here. */
    display(readerId: number, text: string, tone: DisplayTone): boolean {
      const reader = live.get(readerId);
      if (!reader) return false;
      reader.socket.send({ type: 'DISPLAY', text, tone });
      return true;
    },

    /**
     * Asks the member at the reader to pick one of the resources (SELECT); the id picked, or
     * undefined without an answer in time, a pick that was not offered, or a new card.
     */
    choose(readerId: number, resources: { id: number; name: string }[]): Promise<number | undefined> {
      const reader = live.get(readerId);
      if (!reader || resources.length === 0) return Promise.resolve(undefined);
      if (reader.choice) {
        clearTimeout(reader.choice.timer);
        reader.choice.resolve(undefined);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          reader.choice = undefined;
          resolve(undefined);
        }, timings.selectTimeoutMs);
        reader.choice = { resolve, timer, ids: new Set(resources.map((resource) => resource.id)) };
        reader.socket.send({ type: 'SELECT', resources });
      });
    },

    /**
     * Listens to every tap on every reader of this instance; returns the way to stop. A listener
     * that talks to the card does so after it returns (the channel is asynchronous).
     */
    onCard(listener: (tap: CardTap) => void): () => void {
      tapListeners.add(listener);
      return () => tapListeners.delete(listener);
    },

    // What the socket route reports of an authenticated reader.
    cardPresented(readerId: number, uid: string) {
      const reader = live.get(readerId);
      if (!reader) return;
      endExchange(reader, new CardExchangeError('superseded'));
      reader.exchange += 1;
      const tap: CardTap = {
        readerId,
        uid: uid.toLowerCase(),
        channel: channel(readerId, reader, reader.exchange),
      };
      for (const listener of tapListeners) {
        try {
          listener(tap);
        } catch (error) {
          options.onListenerError?.(error);
        }
      }
    },

    apduAnswered(readerId: number, seq: number, response: string) {
      const waiting = live.get(readerId)?.waiting;
      const entry = waiting?.get(seq);
      // An answer that comes after its timeout or after a newer card is dropped.
      if (!waiting || !entry) return;
      waiting.delete(seq);
      clearTimeout(entry.timer);
      entry.resolve(Buffer.from(response, 'hex'));
    },

    selected(readerId: number, resourceId: number) {
      const reader = live.get(readerId);
      const choice = reader?.choice;
      if (!reader || !choice) return;
      clearTimeout(choice.timer);
      reader.choice = undefined;
      choice.resolve(choice.ids.has(resourceId) ? resourceId : undefined);
    },
  };
}

export type ReaderConnections = ReturnType<typeof createReaderConnections>;
