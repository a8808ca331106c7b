import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleServer, startBundledServer } from '../harness.ts';

/** How long the server idles before its resident memory is read. */
const IDLE_MS = 5_000;

export type StartFootprint = {
  runs: number;
  healthMs: number[];
  cpuMsToHealth: number[];
  idleRssMiB: number[];
};

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
  const server = await startBundledServer(dataDir);
  try {
    const cpu = cpuMs(server.pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { healthMs: server.healthMs, cpu, rss: rssMiB(server.pid) };
  } finally {
    await server.stop();
  }
}

/**
 * Issue 31: the time from the process's start to its first answer of `/api/health` on an existing
 * SQLite database, the CPU it took (less dependent on a shared machine's load than the wall
 * time), and the resident memory after idling, of the bundle `npm start` runs.
 */
export async function startFootprintScenario(runs = 3): Promise<StartFootprint> {
  bundleServer();
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
