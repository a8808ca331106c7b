import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { SERVER_NODE_FLAGS } from '@toolpass/server/testing';
import autocannon from 'autocannon';

export type Measurement = {
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  connections: number;
  durationSeconds: number;
};

export const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);

/**
 * Starts a server script in its own Node process, with the flags of `npm start`, and reads the
 * JSON line it prints when ready.
 */
export async function startServer<T>(script: string, env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--disable-warning=ExperimentalWarning', script],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stdout = child.stdout;
  if (!stdout) throw new Error('no stdout');
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: stdout });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    info: JSON.parse(first) as T,
    /** The most resident memory the process has had so far (Linux's VmHWM), in MiB. */
    peakRssMiB: () => {
      const kib = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      return Math.round(Number(kib) / 1024);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** One autocannon run; warms up for a second first so JIT and caches settle. */
export async function measure(
  scenario: string,
  options: {
    url: string;
    method?: 'GET' | 'POST' | 'PUT';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** A sequence each connection repeats. */
    requests?: autocannon.Request[];
    /** Called once per connection, e.g. to give it requests of its own. */
    setupClient?: (client: autocannon.Client) => void;
  },
): Promise<Measurement> {
  const connections = options.connections ?? 50;
  const base = {
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body ? { body: options.body } : {}),
    ...(options.requests ? { requests: options.requests } : {}),
    ...(options.setupClient ? { setupClient: options.setupClient } : {}),
    connections,
  };
  await autocannon({ ...base, duration: 1 });
  const result = await autocannon({ ...base, duration: DURATION_SECONDS });
  return {
    scenario,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    connections,
    durationSeconds: DURATION_SECONDS,
  };
}

export function printTable(rows: Measurement[]) {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'conns'];
  const body = rows.map((row) => [
    row.scenario,
    String(row.requestsPerSecond),
    String(row.p50Ms),
    String(row.p99Ms),
    String(row.non2xx),
    String(row.errors),
    String(row.connections),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((line) => (line[column] ?? '').length)),
  );
  const format = (line: string[]) => line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  process.stdout.write(`${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}\n`);
  for (const line of body) process.stdout.write(`${format(line)}\n`);
}
