// `npm run bench`: every scenario against its ceiling, measured in the same run on this machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { DURATION_SECONDS, type Measurement, measure, printTable, startServer } from './harness.ts';
import { accountsScenarios } from './scenarios/accounts.ts';

async function bareServerCeiling(): Promise<Measurement> {
  const server = await startServer<{ port: number }>(
    fileURLToPath(new URL('./servers/bare-server.ts', import.meta.url)),
  );
  try {
    return await measure('bare Node HTTP server (ceiling)', { url: `http://127.0.0.1:${server.info.port}/` });
  } finally {
    await server.stop();
  }
}

const rows: Measurement[] = [];
rows.push(await bareServerCeiling());
rows.push(...(await accountsScenarios()));

process.stdout.write(
  `\nToolpass benchmarks: ${os.cpus().length} cores, Node ${process.version}, ${DURATION_SECONDS} s per scenario, 50 connections\n\n`,
);
printTable(rows);
const ceiling = rows[0]?.requestsPerSecond ?? 1;
const me = rows.find((row) => row.scenario === 'GET /api/users/me');
if (me)
  process.stdout.write(
    `\nGET /api/users/me reaches ${((me.requestsPerSecond / ceiling) * 100).toFixed(0)} % of the bare server.\n`,
  );

const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  `${resultsDir}latest.json`,
  `${JSON.stringify({ at: new Date().toISOString(), cores: os.cpus().length, node: process.version, rows }, null, 2)}\n`,
);
