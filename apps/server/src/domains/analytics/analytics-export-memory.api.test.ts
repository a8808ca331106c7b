import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { USAGE_CSV_COLUMNS } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../config/node-flags.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-database.ts';

const ROWS = 1_000_000;
/**
 * Issue 18's bound. The export holds constant memory: V8's old generation stays flat over the
 * million rows and the CSV goes out through a few reused 64 KiB buffers. What an RSS can still
 * gain is the young generation being written: the server runs with 16 MB semi-spaces
 * (SERVER_NODE_FLAGS, as `npm start` does), where V8's own sizing would give it 64 MB on this
 * machine and the RSS grew by 43-67 MB. The earlier export, whose old generation grew with dead
 * row objects, measured 97-193 MB (139 MB on PostgreSQL until `executeLargeRead` stopped handing
 * on the driver's own array), and buffering the answer would take 125 MB of text.
 */
const MAX_RSS_GROWTH_BYTES = 50 * 1024 * 1024;
const SERVER = fileURLToPath(new URL('../../test/usage-export-server.ts', import.meta.url));

/** The resident memory of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

/**
 * Issue 18: the export streams, so a million sessions do not grow the server's memory with the
 * size of the answer. The server is a process of its own (the real app, as `npm start` runs it,
 * on a fresh SQLite folder or a fresh PostgreSQL database), so its RSS is the server's alone; the
 * client reads over a socket and only counts lines.
 */
describe.each(TEST_DIALECTS)('the CSV export of a million sessions on %s', (dialect) => {
  let server: ChildProcess;
  let database: TestDatabase | undefined;
  let info: { port: number; token: string; pid: number; seedSeconds: number };

  beforeAll(async () => {
    // The server migrates and seeds the PostgreSQL database itself; this only makes and drops it.
    database = dialect === 'postgres' ? await createTestDatabase('postgres', { migrate: false }) : undefined;
    server = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, '--disable-warning=ExperimentalWarning', SERVER],
      {
        env: {
          ...process.env,
          USAGE_ROWS: String(ROWS),
          ...(database?.databaseUrl ? { USAGE_DATABASE_URL: database.databaseUrl } : {}),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const stdout = server.stdout;
    if (!stdout) throw new Error('The export server has no stdout');
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: stdout }).once('line', resolve);
      server.once('exit', (code) => reject(new Error(`The export server exited with ${code}`)));
    });
    info = JSON.parse(first);
  }, 120_000);
  afterAll(async () => {
    if (server && server.exitCode === null) {
      await new Promise((resolve) => {
        server.once('exit', resolve);
        server.kill('SIGTERM');
      });
    }
    await database?.drop();
  });

  async function exportLines(query: string, onChunk: () => void): Promise<number> {
    const response = await fetch(`http://127.0.0.1:${info.port}/api/analytics/resource-usage.csv?${query}`, {
      headers: { authorization: `Bearer ${info.token}` },
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // Line ends are CRLF; the quoted line breaks inside notes are a bare LF.
      for (let index = 0; index < value.length; index += 1) {
        if (value[index] === 13) lines += 1;
      }
      onChunk();
    }
    return lines;
  }

  it('streams a million rows with the server’s RSS growing by less than 50 MB', async () => {
    // A small export first, so the baseline includes the code paths and compiled statements.
    await exportLines('start=2000-01-01T00:00:00.000Z&end=2000-01-02T00:00:00.000Z', () => {});
    const baseline = rssOf(info.pid);
    let peak = baseline;
    const sample = () => {
      peak = Math.max(peak, rssOf(info.pid));
    };
    const timer = setInterval(sample, 20);
    const startedAt = performance.now();
    let lines = 0;
    try {
      lines = await exportLines(
        `start=1999-01-01T00:00:00.000Z&end=2010-01-01T00:00:00.000Z&columns=${USAGE_CSV_COLUMNS.join(',')}`,
        sample,
      );
    } finally {
      clearInterval(timer);
    }
    const seconds = (performance.now() - startedAt) / 1000;
    process.stdout.write(
      `${dialect}: seeded ${ROWS} sessions in ${info.seedSeconds.toFixed(1)} s; exported them in ${seconds.toFixed(1)} s ` +
        `(${Math.round(ROWS / seconds)} rows/s, all columns); server RSS ${(baseline / 2 ** 20).toFixed(0)} MB, ` +
        `growth ${((peak - baseline) / 2 ** 20).toFixed(1)} MB\n`,
    );
    expect(lines).toBe(ROWS + 1);
    expect(peak - baseline).toBeLessThan(MAX_RSS_GROWTH_BYTES);
  }, 120_000);
});
