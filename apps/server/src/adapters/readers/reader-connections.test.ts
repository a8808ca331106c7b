import type { ServerToReaderFrame } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import { createReaderConnections, type ReaderSocket } from './reader-connections.ts';

/** A socket that records what the registry sends and how it closes it. */
function recordingSocket() {
  const sent: ServerToReaderFrame[] = [];
  const closes: { code: number; reason: string }[] = [];
  const socket: ReaderSocket = {
    send: (frame) => sent.push(frame),
    close: (code, reason) => closes.push({ code, reason }),
  };
  return { socket, sent, closes };
}

const hello = { deviceId: 'esp32', firmware: '1.0.0' };

describe('reader connections', () => {
  it('refuses pending readers beyond its bound, so codes and memory stay bounded', () => {
    const connections = createReaderConnections({ maxPending: 2 });
    expect(connections.addPending(recordingSocket().socket, hello)).toMatch(/^[0-9]{6}$/);
    expect(connections.addPending(recordingSocket().socket, hello)).toMatch(/^[0-9]{6}$/);
    expect(connections.addPending(recordingSocket().socket, hello)).toBeUndefined();
  });

  it('hands a code out once, and closes the reader when its approval fails on the server', () => {
    const connections = createReaderConnections({});
    const reader = recordingSocket();
    const code = connections.addPending(reader.socket, hello) ?? '';
    const claimed = connections.claimPairing(code);
    expect(claimed).toMatchObject(hello);
    expect(connections.claimPairing(code)).toBeUndefined();
    claimed?.abandon();
    expect(reader.closes).toEqual([{ code: 1011, reason: 'Server error' }]);
    expect(claimed?.deliver(1, Buffer.alloc(32))).toBe(false);
    expect(reader.sent).toEqual([]);
  });

  it('tells the HELLO once its reader got a key, and not when the approval failed', () => {
    const connections = createReaderConnections({});
    const paired: string[] = [];
    const first = connections.addPending(recordingSocket().socket, {
      ...hello,
      onPaired: () => paired.push('first'),
    });
    const second = connections.addPending(recordingSocket().socket, {
      ...hello,
      onPaired: () => paired.push('second'),
    });
    expect(connections.claimPairing(first ?? '')?.deliver(1, Buffer.alloc(32))).toBe(true);
    connections.claimPairing(second ?? '')?.abandon();
    expect(paired).toEqual(['first']);
  });

  it('ends a pending choice when another card is presented', async () => {
    const connections = createReaderConnections({ timings: { selectTimeoutMs: 5_000 } });
    const reader = recordingSocket();
    connections.register(3, reader.socket);
    const choice = connections.choose(3, [{ id: 1, name: 'Laser' }]);
    expect(reader.sent).toEqual([{ type: 'SELECT', resources: [{ id: 1, name: 'Laser' }] }]);
    connections.cardPresented(3, '04AABBCCDDEEFF');
    expect(await choice).toBeUndefined();
  });

  it('keeps a newer socket of a reader when the older one reports its close', () => {
    const connections = createReaderConnections({});
    const older = recordingSocket();
    const newer = recordingSocket();
    connections.register(5, older.socket);
    connections.register(5, newer.socket);
    expect(older.closes).toEqual([{ code: 4409, reason: 'Replaced by a newer connection' }]);
    connections.unregister(5, older.socket);
    expect(connections.isConnected(5)).toBe(true);
    expect(connections.display(5, 'Hello', 'info')).toBe(true);
    expect(newer.sent).toEqual([{ type: 'DISPLAY', text: 'Hello', tone: 'info' }]);
    connections.unregister(5, newer.socket);
    expect(connections.isConnected(5)).toBe(false);
  });
});

describe('tap listeners', () => {
  it('reach every listener even when one fails, and report the failure', () => {
    const failures: unknown[] = [];
    const connections = createReaderConnections({ onListenerError: (error) => failures.push(error) });
    connections.register(8, recordingSocket().socket);
    const heard: string[] = [];
    connections.onCard(() => {
      throw new Error('broken listener');
    });
    const stop = connections.onCard((tap) => heard.push(tap.uid));
    connections.cardPresented(8, '04AABBCCDDEE00');
    expect(heard).toEqual(['04aabbccddee00']);
    expect(failures).toEqual([new Error('broken listener')]);
    stop();
    connections.cardPresented(8, '04AABBCCDDEE01');
    expect(heard).toHaveLength(1);
  });
});
