import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort, SERVER_NODE_FLAGS } from '@toolpass/server/testing';
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
    peakRssMiB: () => peakRssMiB(child.pid ?? 0),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** What `npm start` runs. */
const BUNDLE = path.join(ROOT, 'apps/server/dist/start.js');

/** The most resident memory a process has had so far (Linux's VmHWM), in MiB. */
export function peakRssMiB(pid: number): number {
  const kib = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kib) / 1024);
}

/** Bundles the server as `npm start` does, unless its sources are unchanged since the last bundle. */
export function bundleServer(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server-if-changed.ts')], {
    stdio: 'ignore',
  });
}

/**
 * Starts the bundle `npm start` runs, with its flags, on `dataDir` (or the PostgreSQL of
 * `databaseUrl`), and answers once `/api/health` does, with the milliseconds that took.
 */
export async function startBundledServer(dataDir: string, databaseUrl?: string) {
  const port = await freePort();
  const started = performance.now();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--disable-warning=ExperimentalWarning', BUNDLE],
    {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      const answer = await fetch(`${base}/api/health`).catch(() => undefined);
      if (answer?.ok) break;
      if (child.exitCode !== null) throw new Error('The server exited before it answered');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid ?? 0, base, healthMs: Math.round(performance.now() - started), stop };
}

/**
 * Seeds `dataDir` (or the PostgreSQL of BENCH_DATABASE_URL) in a process of its own, through the
 * app's services, and answers what the seeding printed: the seeding's memory and compiled
 * sources are not the serving process's.
 */
export function seedForBundle<T>(dataDir: string): T {
  const script = fileURLToPath(new URL('./servers/app-server.ts', import.meta.url));
  const output = execFileSync(process.execPath, ['--disable-warning=ExperimentalWarning', script], {
    env: { ...process.env, BENCH_SEED_INTO: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output.toString().split('\n')[0] ?? '') as T;
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
