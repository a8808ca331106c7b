import { randomBytes, randomUUID } from 'node:crypto';
import {
  READER_PROTOCOL,
  ReaderCloseCodes,
  ReaderCloseReasons,
  type ReaderToServerFrame,
  ReaderToServerFrameSchema,
  type ServerToReaderFrame,
  ServerToReaderFrameSchema,
} from '@toolpass/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { ReadersService } from '../../domains/readers/readers.service.ts';
import type { ReaderConnections, ReaderSocket } from './reader-connections.ts';
import { registerReaderWebSocket } from './reader-socket-options.ts';

const READER_SOCKET_PATH = '/api/fabreader/websocket';

export type ReaderSocketTimings = {
  helloTimeoutMs: number;
  pingIntervalMs: number;
  silenceTimeoutMs: number;
};

type State =
  | { kind: 'new' }
  | { kind: 'pending'; code: string }
  | { kind: 'authenticated'; readerId: number; connectionId: string }
  | { kind: 'closed' };

/**
 * GET /api/fabreader/websocket: the NFC reader protocol of the readers design. A socket starts
 * with a CHALLENGE; HELLO makes it a reader waiting for approval, AUTH an authenticated reader
 * whose CARD, APDU_RESPONSE and SELECTED frames go to the reader connections. Every frame is
 * checked against the contract; whatever is not allowed in the socket's state closes it.
 */
export function readerSocketRoutes(deps: {
  readers: ReadersService;
  connections: ReaderConnections;
  logger: FastifyBaseLogger;
  timings?: Partial<ReaderSocketTimings>;
}): FastifyPluginAsyncZod {
  const timings: ReaderSocketTimings = {
    helloTimeoutMs: READER_PROTOCOL.helloTimeoutMs,
    pingIntervalMs: READER_PROTOCOL.pingIntervalMs,
    silenceTimeoutMs: READER_PROTOCOL.silenceTimeoutMs,
    ...deps.timings,
  };
  /** Sockets open now, each with the way to end it at shutdown. */
  const open = new Map<WebSocket, () => Promise<void>>();

  function serve(ws: WebSocket, client: string) {
    let state: State = { kind: 'new' };
    let work: Promise<void> = Promise.resolve();
    /** The database write that clears the connection mark, awaited at shutdown. */
    let markedGone: Promise<void> = Promise.resolve();
    const nonce = randomBytes(READER_PROTOCOL.nonceBytes);

    const socket: ReaderSocket = {
      send(frame: ServerToReaderFrame) {
        // Checked like incoming frames: a display text too long for the contract is our bug,
        // and a reader would drop the frame.
        const checked = ServerToReaderFrameSchema.parse(frame);
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(checked));
      },
      close(code: number, reason: string) {
        end();
        if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason);
      },
    };

    const helloTimer = setTimeout(
      () => socket.close(ReaderCloseCodes.unauthorized, ReaderCloseReasons.noHello),
      timings.helloTimeoutMs,
    );
    // A reader silent (no frame, no pong) for this long is gone: its socket is dropped.
    const silenceTimer = setTimeout(() => {
      end();
      ws.terminate();
    }, timings.silenceTimeoutMs);
    const pingTimer = setInterval(() => {
      if (ws.readyState === ws.OPEN) ws.ping();
    }, timings.pingIntervalMs);

    /** Leaves every registry the socket is in; safe to call more than once. */
    function end() {
      clearTimeout(helloTimer);
      clearTimeout(silenceTimer);
      clearInterval(pingTimer);
      const was = state;
      state = { kind: 'closed' };
      if (was.kind === 'pending') deps.connections.removePending(was.code);
      if (was.kind === 'authenticated') {
        deps.connections.unregister(was.readerId, socket);
        markedGone = deps.readers.disconnected(was.readerId, was.connectionId).catch((error: unknown) => {
          deps.logger.warn({ err: error, readerId: was.readerId }, 'Marking a reader disconnected failed');
        });
      }
    }

    async function handle(frame: ReaderToServerFrame) {
      if (state.kind === 'closed') return;
      if (state.kind === 'authenticated') {
        const { readerId } = state;
        switch (frame.type) {
          case 'CARD':
            deps.connections.cardPresented(readerId, frame.uid);
            return;
          case 'APDU_RESPONSE':
            deps.connections.apduAnswered(readerId, frame.seq, frame.response);
            return;
          case 'SELECTED':
            deps.connections.selected(readerId, frame.resourceId);
            return;
          default:
            socket.close(ReaderCloseCodes.invalidFrame, ReaderCloseReasons.invalidFrame);
            return;
        }
      }
      if (state.kind === 'pending' || (frame.type !== 'HELLO' && frame.type !== 'AUTH')) {
        socket.close(ReaderCloseCodes.unauthorized, ReaderCloseReasons.notAuthenticated);
        return;
      }
      if (frame.type === 'HELLO') {
        const admitted = deps.readers.admitHello(client);
        const code =
          admitted &&
          deps.connections.addPending(socket, {
            deviceId: frame.deviceId,
            firmware: frame.firmware,
            onPaired: () => admitted.refund(),
          });
        if (code === undefined) {
          // Refused by the cap on all pending readers: no reader waits on this HELLO.
          admitted?.refund();
          socket.close(ReaderCloseCodes.tooManyAttempts, ReaderCloseReasons.tooManyAttempts);
          return;
        }
        clearTimeout(helloTimer);
        state = { kind: 'pending', code };
        socket.send({ type: 'PAIRING', code });
        return;
      }
      clearTimeout(helloTimer);
      const outcome = await deps.readers.authenticate(
        frame.readerId,
        nonce,
        Buffer.from(frame.mac, 'hex'),
        client,
      );
      // The socket may have closed while the key was checked.
      if ((state as State).kind === 'closed') return;
      if (outcome === 'rate-limited') {
        socket.close(ReaderCloseCodes.tooManyAttempts, ReaderCloseReasons.tooManyAttempts);
        return;
      }
      if (outcome !== 'accepted') {
        const reason =
          outcome === 'unknown-reader'
            ? ReaderCloseReasons.unknownReader
            : ReaderCloseReasons.authenticationFailed;
        socket.close(ReaderCloseCodes.unauthorized, reason);
        return;
      }
      const connectionId = randomUUID();
      state = { kind: 'authenticated', readerId: frame.readerId, connectionId };
      deps.connections.register(frame.readerId, socket);
      // Deleted between the key check and now: the row is gone, so is the reader.
      if (!(await deps.readers.connected(frame.readerId, connectionId))) {
        socket.close(ReaderCloseCodes.unauthorized, ReaderCloseReasons.readerDeleted);
      }
    }

    function heard() {
      silenceTimer.refresh();
    }

    ws.on('message', (data, isBinary) => {
      heard();
      let frame: ReaderToServerFrame;
      try {
        if (isBinary) throw new Error('Binary frame');
        frame = ReaderToServerFrameSchema.parse(JSON.parse(String(data)));
      } catch {
        socket.close(ReaderCloseCodes.invalidFrame, ReaderCloseReasons.invalidFrame);
        return;
      }
      work = work
        .then(() => handle(frame))
        .catch((error: unknown) => {
          deps.logger.error({ err: error }, 'A reader frame failed');
          socket.close(1011, 'Server error');
        });
    });

    ws.on('pong', () => {
      heard();
      if (state.kind !== 'authenticated') return;
      const { readerId, connectionId } = state;
      // The heartbeat keeps the reader listed as connected on every instance, and tells this
      // socket when the reader was deleted or authenticated again elsewhere.
      deps.readers
        .seen(readerId, connectionId)
        .then((outcome) => {
          if (outcome === 'gone')
            socket.close(ReaderCloseCodes.unauthorized, ReaderCloseReasons.readerDeleted);
          if (outcome === 'replaced') socket.close(ReaderCloseCodes.replaced, ReaderCloseReasons.replaced);
        })
        .catch((error: unknown) => deps.logger.warn({ err: error, readerId }, 'A reader heartbeat failed'));
    });

    ws.on('close', () => {
      end();
      open.delete(ws);
    });
    // Errors of the socket are logged by the plugin's handler (reader-socket-options.ts).

    open.set(ws, async () => {
      end();
      ws.close(1001, 'Server shutting down');
      await markedGone;
    });
    socket.send({ type: 'CHALLENGE', nonce: nonce.toString('hex') });
  }

  return async (app) => {
    // Readers are marked disconnected before the database closes.
    app.addHook('preClose', async () => {
      await Promise.all([...open.values()].map((close) => close()));
    });

    await registerReaderWebSocket(app, READER_SOCKET_PATH);
    app.get(
      READER_SOCKET_PATH,
      {
        websocket: true,
        schema: {
          tags: ['FABReader'],
          summary:
            'The NFC reader socket (JSON frames of the readers protocol: CHALLENGE, HELLO, PAIRING, ' +
            'PAIRED, AUTH, CARD, APDU, APDU_RESPONSE, SELECT, SELECTED, DISPLAY). Refusals close it ' +
            'with 4401 and a reason',
        },
      },
      (ws, request) => serve(ws, request.ip),
    );
  };
}
