// Issue 18: the CSV export's rows per second over 100,000 sessions (target >= 200,000 rows/s on
// SQLite), and the p99 of the usage data (GET /api/analytics/resource-usage-hours) for a year
// holding 10,000 sessions, and the p99 of the charts' summary of that year
// (GET /api/analytics/usage-summary, Europe/Berlin: its two offset changes are folded). Each server is the real app in a process of its own, seeded with one
// statement (apps/server/src/test/usage-export-server.ts). `node scenarios/usage-export.ts` runs
// this scenario alone.
import { fileURLToPath } from 'node:url';
import { DURATION_SECONDS, type Measurement, measure, startServer } from '../harness.ts';

const SERVER = fileURLToPath(new URL('../../apps/server/src/test/usage-export-server.ts', import.meta.url));
const EXPORT_ROWS = 100_000;
const YEAR_SESSIONS = 10_000;
const EXPORT_RUNS = 5;
const ALL_COLUMNS =
  'resourceId,resourceName,userId,username,usageInHours,startTimeISO,startTime,endTimeISO,endTime,usageInMinutes,startNotes,endNotes';

type ServerInfo = { port: number; token: string; pid: number; seedSeconds: number };

export type UsageExportResult = {
  exportRows: number;
  /** The median of the runs, whole export (request to last byte), default columns. */
  rowsPerSecond: number;
  rowsPerSecondAllColumns: number;
  yearSessions: number;
  usageData: Measurement;
  usageSummary: Measurement;
};

async function exportSeconds(info: ServerInfo, columns: string | null): Promise<number> {
  const startedAt = performance.now();
  const response = await fetch(
    `http://127.0.0.1:${info.port}/api/analytics/resource-usage.csv?start=1999-01-01T00:00:00.000Z&end=2010-01-01T00:00:00.000Z${columns ? `&columns=${columns}` : ''}`,
    { headers: { authorization: `Bearer ${info.token}` } },
  );
  if (response.status !== 200) throw new Error(`The export answered ${response.status}`);
  let lines = 0;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let index = 0; index < value.length; index += 1) if (value[index] === 13) lines += 1;
  }
  if (lines !== EXPORT_ROWS + 1) throw new Error(`The export had ${lines} lines`);
  return (performance.now() - startedAt) / 1000;
}

async function medianRowsPerSecond(info: ServerInfo, columns: string | null): Promise<number> {
  await exportSeconds(info, columns);
  const rates: number[] = [];
  for (let run = 0; run < EXPORT_RUNS; run += 1)
    rates.push(EXPORT_ROWS / (await exportSeconds(info, columns)));
  rates.sort((a, b) => a - b);
  return Math.round(rates[Math.floor(rates.length / 2)] ?? 0);
}

export async function usageExportScenario(): Promise<UsageExportResult> {
  const exporter = await startServer<ServerInfo>(SERVER, { USAGE_ROWS: String(EXPORT_ROWS) });
  let rowsPerSecond: number;
  let rowsPerSecondAllColumns: number;
  try {
    rowsPerSecond = await medianRowsPerSecond(exporter.info, null);
    rowsPerSecondAllColumns = await medianRowsPerSecond(exporter.info, ALL_COLUMNS);
  } finally {
    await exporter.stop();
  }
  // A year of 10,000 sessions: one every 52 minutes and a half from 2000-01-01.
  const stepSeconds = Math.floor((366 * 24 * 3600) / YEAR_SESSIONS);
  const year = await startServer<ServerInfo>(SERVER, {
    USAGE_ROWS: String(YEAR_SESSIONS),
    USAGE_STEP_SECONDS: String(stepSeconds),
  });
  try {
    const usageData = await measure(`GET usage data of a year (${YEAR_SESSIONS} sessions)`, {
      url: `http://127.0.0.1:${year.info.port}/api/analytics/resource-usage-hours?start=2000-01-01T00:00:00.000Z&end=2001-01-01T00:00:00.000Z`,
      headers: { authorization: `Bearer ${year.info.token}` },
      connections: 4,
    });
    const usageSummary = await measure(`GET usage summary of a year (${YEAR_SESSIONS} sessions)`, {
      url: `http://127.0.0.1:${year.info.port}/api/analytics/usage-summary?start=2000-01-01T00:00:00.000Z&end=2001-01-01T00:00:00.000Z&timeZone=Europe%2FBerlin`,
      headers: { authorization: `Bearer ${year.info.token}` },
      connections: 4,
    });
    return {
      exportRows: EXPORT_ROWS,
      rowsPerSecond,
      rowsPerSecondAllColumns,
      yearSessions: YEAR_SESSIONS,
      usageData,
      usageSummary,
    };
  } finally {
    await year.stop();
  }
}

export function describeUsageExport(result: UsageExportResult): string[] {
  return [
    `Targets of issue 18 (sqlite): CSV export of ${result.exportRows} rows: ${result.rowsPerSecond} rows/s with the default columns (target >= 200,000: ${result.rowsPerSecond >= 200_000 ? 'meets' : 'misses'}), ${result.rowsPerSecondAllColumns} rows/s with all twelve`,
    `  usage data of a year (${result.yearSessions} sessions, one answer of them all): ${result.usageData.requestsPerSecond} req/s, p50 ${result.usageData.p50Ms} ms, p99 ${result.usageData.p99Ms} ms (${result.usageData.connections} connections, ${DURATION_SECONDS} s; no target)`,
    `  usage summary of that year for the charts (Europe/Berlin): ${result.usageSummary.requestsPerSecond} req/s, p50 ${result.usageSummary.p50Ms} ms, p99 ${result.usageSummary.p99Ms} ms (${result.usageSummary.connections} connections, ${DURATION_SECONDS} s; no target)`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of describeUsageExport(await usageExportScenario())) process.stdout.write(`${line}\n`);
}
