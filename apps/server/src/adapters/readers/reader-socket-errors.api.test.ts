import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { REDACTED_PATHS } from '../../platform/logging/logger.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { until } from '../../test/reader-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

type LogLine = { level: number; msg: string; [key: string]: unknown };

describe.each(TEST_DIALECTS)('reader socket errors on %s', (dialect) => {
  let t: TestApp;
  let address: string;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    // Everything the app logs, as JSON lines, to see what a bad frame leaves in the log.
    const logger = pino(
      { level: 'trace', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
      new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      }),
    );
    t = await buildTestApp(dialect, { logger }, { logLevel: 'trace' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    address = `ws://127.0.0.1:${port}/api/fabreader/websocket`;
  });
  afterAll(() => t?.close());

  /** Opens a socket, sends the frames at once and answers the close code the server gave. */
  async function send(frames: Buffer[]): Promise<number> {
    const ws = new WebSocket(address);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('error', () => {});
    for (const frame of frames) ws.send(frame);
    return closed;
  }

  it('logs an oversized frame once per connection at warn, without a stack', async () => {
    const before = lines.length;
    const oversized = Buffer.alloc(64 * 1024, 'x');
    // Closed for a message too big (1009); the client sees the close even if the server ends
    // the connection at once.
    const first = await send([oversized, oversized, oversized, oversized]);
    const second = await send([oversized]);
    for (const code of [first, second]) expect([1006, 1009]).toContain(code);
    await until(() => lines.slice(before).filter((line) => line.level === 40).length >= 2);

    const logged = lines.slice(before).filter((line) => line.level >= 40);
    expect(logged).toHaveLength(2);
    for (const line of logged) {
      expect(line).toMatchObject({
        level: 40,
        msg: 'A reader socket was closed for a bad frame',
        code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH',
        reason: expect.stringMatching(/max payload size exceeded/i),
      });
      expect(line).not.toHaveProperty('err');
      expect(line).not.toHaveProperty('stack');
      expect(JSON.stringify(line)).not.toMatch(/\n\s+at /);
    }
  });

  it('answers an upgrade asked of any other path with 404 and closes it', async () => {
    const other = address.replace('/api/fabreader/websocket', '/api/users/me');
    const ws = new WebSocket(other);
    const status = await new Promise<number | undefined>((resolve) => {
      ws.once('unexpected-response', (_request, response) => resolve(response.statusCode));
      ws.once('open', () => resolve(undefined));
      ws.once('error', () => {});
    });
    expect(status).toBe(404);
    ws.terminate();
    // A query string does not hide the reader socket's path.
    const reader = new WebSocket(`${address}?firmware=1`);
    await new Promise<void>((resolve, reject) => {
      reader.once('open', () => resolve());
      reader.once('error', reject);
    });
    reader.close();
  });
});
