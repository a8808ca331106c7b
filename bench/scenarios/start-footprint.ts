import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '@toolpass/server/testing';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUNDLE = path.join(ROOT, 'apps/server/dist/start.js');
/** How long the server idles before its resident memory is read. */
const IDLE_MS = 5_000;

export type StartFootprint = {
  runs: number;
  healthMs: number[];
  cpuMsToHealth: number[];
  idleRssMiB: number[];
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The process's user and system CPU time so far (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

function rssMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kib) / 1024);
}

async function startOnce(dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--disable-warning=ExperimentalWarning', BUNDLE],
    {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (answer?.ok) break;
      if (child.exitCode !== null) throw new Error('The server exited before it answered');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const healthMs = Math.round(performance.now() - started);
    const cpu = cpuMs(child.pid ?? 0);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { healthMs, cpu, rss: rssMiB(child.pid ?? 0) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Issue 31: the time from the process's start to its first answer of `/api/health` on an existing
 * SQLite database, the CPU it took (less dependent on a shared machine's load than the wall
 * time), and the resident memory after idling, of the bundle `npm start` runs.
 */
export async function startFootprintScenario(runs = 3): Promise<StartFootprint> {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server-if-changed.ts')], {
    stdio: 'ignore',
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-bench-start-'));
  try {
    // The first start creates and migrates the database; the measured ones find it.
    await startOnce(dataDir);
    const result: StartFootprint = { runs, healthMs: [], cpuMsToHealth: [], idleRssMiB: [] };
    for (let run = 0; run < runs; run += 1) {
      const { healthMs, cpu, rss } = await startOnce(dataDir);
      result.healthMs.push(healthMs);
      result.cpuMsToHealth.push(cpu);
      result.idleRssMiB.push(rss);
    }
    return result;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export function describeStartFootprint(result: StartFootprint): string[] {
  const health = median(result.healthMs);
  const rss = median(result.idleRssMiB);
  return [
    `Targets of issue 31 (SQLite, the bundle of npm start, median of ${result.runs} starts): /api/health ${health} ms after the process started (target <= 500: ${health <= 500 ? 'meets' : 'misses'}), ${median(result.cpuMsToHealth)} ms of CPU until then; idle RSS ${rss} MiB (target <= 120: ${rss <= 120 ? 'meets' : 'misses'})`,
  ];
}
