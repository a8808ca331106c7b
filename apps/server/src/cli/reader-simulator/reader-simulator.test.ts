import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  type ReaderToServerFrame,
  ReaderToServerFrameSchema,
  type ServerToReaderFrame,
} from '@toolpass/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { ReaderSimulator, type SimulatedCard } from './reader-simulator.ts';

const UID = '04a1b2c3d4e5f6';
const CREDENTIALS = { readerId: 7, readerKey: 'ab'.repeat(32) };

/** A card that answers every APDU with 9000 and remembers what it got. */
function recordingCard() {
  const received: string[] = [];
  const card: SimulatedCard = {
    process(apdu) {
      received.push(apdu.toString('hex'));
      return Buffer.from('9000', 'hex');
    },
  };
  return { card, received };
}

/**
 * A stand-in for the server's reader socket: sends the challenge, then hands each frame the
 * reader sends to `onFrame` with a way to answer. The simulator's own protocol handling is
 * covered against the real server in the readers' API tests.
 */
async function fakeServer(
  onFrame: (
    frame: ReaderToServerFrame,
    send: (frame: ServerToReaderFrame) => void,
    socket: WebSocket,
  ) => void,
) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (socket) => {
    const send = (frame: ServerToReaderFrame) => socket.send(JSON.stringify(frame));
    send({ type: 'CHALLENGE', nonce: randomBytes(32).toString('hex') });
    socket.on('message', (data) =>
      onFrame(ReaderToServerFrameSchema.parse(JSON.parse(String(data))), send, socket),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

describe('ReaderSimulator.tapForOutcome', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function connectedSimulator(onFrame: Parameters<typeof fakeServer>[0]) {
    const server = await fakeServer(onFrame);
    cleanups.push(server.close);
    const simulator = new ReaderSimulator({ server: server.url, credentials: CREDENTIALS });
    cleanups.push(() => simulator.disconnect());
    await simulator.connect();
    return simulator;
  }

  it("resolves with the first success or error display after the card's exchange, not the info before it", async () => {
    const { card, received } = recordingCard();
    const simulator = await connectedSimulator((frame, send) => {
      if (frame.type === 'CARD') {
        send({ type: 'DISPLAY', text: 'Reading card…', tone: 'info' });
        send({ type: 'APDU', seq: 1, apdu: '00a4040007d276000085010100' });
      }
      if (frame.type === 'APDU_RESPONSE') {
        send({ type: 'DISPLAY', text: 'Session started', tone: 'success' });
        send({ type: 'DISPLAY', text: 'Later text', tone: 'error' });
      }
    });
    const shown: string[] = [];
    simulator.on('display', (display) => shown.push(display.text));

    await expect(simulator.tapForOutcome(UID, card)).resolves.toEqual({
      text: 'Session started',
      tone: 'success',
    });
    expect(received).toEqual(['00a4040007d276000085010100']);
    expect(shown.slice(0, 2)).toEqual(['Reading card…', 'Session started']);
    // It listens no longer than its tap.
    expect(simulator.listenerCount('display')).toBe(1);
    expect(simulator.listenerCount('close')).toBe(0);
  });

  it('rejects when the socket closes before an outcome', async () => {
    const simulator = await connectedSimulator((frame, send, socket) => {
      if (frame.type !== 'CARD') return;
      send({ type: 'DISPLAY', text: 'Reading card…', tone: 'info' });
      socket.close(4401, 'Unauthorized');
    });
    await expect(simulator.tapForOutcome(UID, recordingCard().card)).rejects.toMatchObject({
      code: 4401,
      reason: 'Unauthorized',
    });
    expect(simulator.listenerCount('display')).toBe(0);
  });

  it('rejects when no outcome comes in time', async () => {
    const simulator = await connectedSimulator(() => undefined);
    const started = Date.now();
    await expect(simulator.tapForOutcome(UID, recordingCard().card, 100)).rejects.toThrow(
      'No outcome of the tap within 100 ms',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(simulator.listenerCount('display')).toBe(0);
    expect(simulator.listenerCount('close')).toBe(0);
  });
});
