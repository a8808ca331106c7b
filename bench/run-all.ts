// `npm run bench`: every scenario against its ceiling, measured in the same run on this machine.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compareWithBaseline,
  describeCeilings,
  describeComparison,
  readBaseline,
  type Shares,
  withNewScenarios,
  writeBaseline,
} from './baseline.ts';
import { DURATION_SECONDS, type Measurement, measure, printTable, startServer } from './harness.ts';
import { accountsScenarios } from './scenarios/accounts.ts';
import { bookingsScenario, describeBookings } from './scenarios/bookings.ts';
import { describeInstances, type InstancesResult, instancesScenario } from './scenarios/instances.ts';
import { describeMqttDelivery, mqttDeliveryScenario } from './scenarios/mqtt-delivery.ts';
import { describeReaderTaps, readerTapsScenario } from './scenarios/reader-taps.ts';
import { resourcesScenarios } from './scenarios/resources.ts';
import { describeStartFootprint, startFootprintScenario } from './scenarios/start-footprint.ts';
import { describeUsageExport, usageExportScenario } from './scenarios/usage-export.ts';
import { webBundleScenario } from './scenarios/web-bundle.ts';
import { webhookDeliveryScenario } from './scenarios/webhook-delivery.ts';

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

type CommitCeiling = {
  commitsPerSecond: number;
  p99Ms: number;
  concurrentCommitsPerSecond: number;
  concurrentCallers: number;
  dialect: string;
};

/** Durable single-row commits per second with the production database settings. */
async function commitCeiling(): Promise<CommitCeiling> {
  const script = fileURLToPath(new URL('./ceilings/commit-rate.ts', import.meta.url));
  const { execFileSync } = await import('node:child_process');
  const output = execFileSync(process.execPath, [
    '--disable-warning=ExperimentalWarning',
    script,
    String(DURATION_SECONDS),
  ]);
  return JSON.parse(output.toString()) as CommitCeiling;
}

type DeliveryJobsResult = {
  dialect: string;
  targets: number;
  jobs: number;
  jobsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencySamples: number;
};

/** Issue 11: the delivery jobs' throughput with 100 targets and the start-to-target latency. */
async function deliveryJobs(): Promise<DeliveryJobsResult> {
  const script = fileURLToPath(new URL('./servers/delivery-jobs-bench.ts', import.meta.url));
  const { execFileSync } = await import('node:child_process');
  const output = execFileSync(process.execPath, ['--disable-warning=ExperimentalWarning', script]);
  return JSON.parse(output.toString()) as DeliveryJobsResult;
}

/** Start/end cycles per second before the delivery jobs, as issue 11 measured them on its machine. */
const CYCLES_BEFORE_JOBS = 5_900;

const rows: Measurement[] = [];
rows.push(await bareServerCeiling());
const commits = await commitCeiling();
rows.push(...(await accountsScenarios()));
const resources = await resourcesScenarios();
rows.push(...resources.rows);
const jobs = await deliveryJobs();
const mqtt = mqttDeliveryScenario();
const webhooks = await webhookDeliveryScenario();
const usageExport = await usageExportScenario();
const readerTaps = await readerTapsScenario();
const startFootprint = await startFootprintScenario();
const bookings = await bookingsScenario();
// Two instances need the database they share: PostgreSQL only.
const instances: InstancesResult | undefined = process.env.BENCH_DATABASE_URL
  ? await instancesScenario()
  : undefined;

process.stdout.write(
  `\nToolpass benchmarks: ${os.cpus().length} cores, Node ${process.version}, ${DURATION_SECONDS} s per scenario, 50 connections\n\n`,
);
printTable(rows);
const ceiling = rows[0]?.requestsPerSecond ?? 1;
const say = (line: string) => process.stdout.write(`${line}\n`);
say(
  `\nCeilings: bare server ${ceiling} req/s; durable commits ${commits.commitsPerSecond}/s (p99 ${commits.p99Ms} ms), ${commits.concurrentCommitsPerSecond}/s from ${commits.concurrentCallers} callers at once.`,
);
say(
  'Targets of issue 3: reads >= 1/4 of the bare server; start/end >= 80 % of half the commit ceiling with p99 < 50 ms; race always exactly one.',
);
for (const row of rows.slice(1)) {
  if (!row.scenario.startsWith('GET')) continue;
  const share = row.requestsPerSecond / ceiling;
  say(
    `  ${row.scenario}: ${(share * 100).toFixed(0)} % of the bare server (${share >= 0.25 ? 'meets' : 'misses'} 1/4)`,
  );
}
for (const row of rows.filter((candidate) => /^(uncached|under writes)/.test(candidate.scenario))) {
  say(
    `  ${row.scenario}: ${((row.requestsPerSecond / ceiling) * 100).toFixed(0)} % of the bare server (each change empties the read cache; no target)`,
  );
}
const cycleRow = rows.find((row) => row.scenario.startsWith('start/end cycle'));
if (cycleRow) {
  const cycles = cycleRow.requestsPerSecond / 2;
  const target = 0.8 * (commits.commitsPerSecond / 2);
  const meets = cycles >= target && cycleRow.p99Ms < 50;
  say(
    `  start/end: ${Math.round(cycles)} cycles/s, target ${Math.round(target)}, p99 ${cycleRow.p99Ms} ms (${meets ? 'meets' : 'misses'})`,
  );
  if (commits.dialect === 'postgres') {
    // Each cycle is two notifying commits, and those take turns (decision 24): this is the cap.
    const cap = commits.concurrentCommitsPerSecond / 2;
    say(
      `  PostgreSQL: ${commits.concurrentCommitsPerSecond} notifying commits/s from ${commits.concurrentCallers} callers at once, against ${commits.commitsPerSecond}/s from one: they take turns with a flush each (decision 24), so start/end cannot pass about ${Math.round(cap)} cycles/s; this run reached ${Math.round((cycles / cap) * 100)} % of that`,
    );
  }
  const kept = cycles >= 0.9 * CYCLES_BEFORE_JOBS;
  say(
    `  start/end against the ${CYCLES_BEFORE_JOBS} cycles/s issue 11 measured before the delivery jobs: ${((cycles / CYCLES_BEFORE_JOBS) * 100).toFixed(0)} % (${kept ? 'within' : 'not within'} 10 %; compare runs on one machine: the bare server alone varies by a third on a shared VM)`,
  );
}
const { race, peakRssMiB } = resources;
say(
  `  peak resident memory of the server (the bundle of npm start) over these reads, writes and the race: ${peakRssMiB} MiB (issue 31, target <= 300 on SQLite: ${peakRssMiB <= 300 ? 'meets' : 'misses'})`,
);
say(
  `  race: ${race.roundsWithExactlyOneWinner} of ${race.rounds} rounds had exactly one winner (p99 ${race.p99Ms} ms)`,
);
say(
  `Targets of issue 11 (${jobs.dialect}): ${jobs.jobsPerSecond} jobs/s with ${jobs.targets} targets over a backlog of ${jobs.jobs} (target >= 5,000: ${jobs.jobsPerSecond >= 5_000 ? 'meets' : 'misses'}); start -> test target p50 ${jobs.latencyP50Ms} ms, p99 ${jobs.latencyP99Ms} ms over ${jobs.latencySamples} (target < 10 ms: ${jobs.latencyP99Ms < 10 ? 'meets' : 'misses'})`,
);
for (const line of describeMqttDelivery(mqtt)) say(line);
const webhookTarget = (p99Ms: number) => (p99Ms < 50 ? 'meets' : 'misses');
say(
  `Targets of issue 15 (${webhooks.dialect}): start -> request at a local webhook receiver, ${webhooks.resources} resources with a webhook each, ${webhooks.oneAtATime.sessions} sessions one at a time: p50 ${webhooks.oneAtATime.p50Ms} ms, p99 ${webhooks.oneAtATime.p99Ms} ms (target < 50 ms: ${webhookTarget(webhooks.oneAtATime.p99Ms)}); ${webhooks.allAtOnce.concurrency} at once: p50 ${webhooks.allAtOnce.p50Ms} ms, p99 ${webhooks.allAtOnce.p99Ms} ms (${webhookTarget(webhooks.allAtOnce.p99Ms)})`,
);
const { webhooksOn, webhooksOff, webhooksAndMqtt } = webhooks.cycles;
const cyclesOf = (measurement: Measurement) => Math.round(measurement.requestsPerSecond / 2);
const shareOfOff = (measurement: Measurement) =>
  Math.round((measurement.requestsPerSecond / webhooksOff.requestsPerSecond) * 100);
say(
  `  start/end cycles with ${webhooks.resources} webhooks: ${cyclesOf(webhooksOn)}/s (p99 ${webhooksOn.p99Ms} ms), ${shareOfOff(webhooksOn)} % of the ${cyclesOf(webhooksOff)}/s with them switched off`,
);
say(
  `  start/end cycles with a webhook and an MQTT configuration on each resource: ${cyclesOf(webhooksAndMqtt)}/s (p99 ${webhooksAndMqtt.p99Ms} ms), ${shareOfOff(webhooksAndMqtt)} % of the rate without integrations (target >= 70 %: ${shareOfOff(webhooksAndMqtt) >= 70 ? 'meets' : 'misses'})`,
);
for (const line of describeUsageExport(usageExport)) say(line);
for (const line of describeReaderTaps(readerTaps)) say(line);
for (const line of describeBookings(bookings)) say(line);
say(webBundleScenario());
for (const line of describeStartFootprint(startFootprint)) say(line);
if (instances) for (const line of describeInstances(instances)) say(line);

// Every throughput as a share of its ceiling in this run, compared with the shares kept in
// bench/baseline.json; `BENCH_UPDATE_BASELINE=1 npm run bench` makes this run the new baseline.
const shares: Shares = {};
for (const row of rows.slice(1)) shares[row.scenario] = row.requestsPerSecond / ceiling;
if (cycleRow)
  shares['start/end cycles of the commit ceiling'] =
    cycleRow.requestsPerSecond / 2 / commits.commitsPerSecond;
for (const [name, measurement] of Object.entries(webhooks.cycles)) {
  shares[`start/end cycles (${name}) of the bare server`] = measurement.requestsPerSecond / ceiling;
}
shares['calendar week of 1,000 bookings of the bare server'] =
  bookings.calendarWeek.requestsPerSecond / ceiling;
shares['start/end cycles, bookable of walk-up'] =
  bookings.bookableCycles.requestsPerSecond / Math.max(1, bookings.walkUpCycles.requestsPerSecond);
// PostgreSQL's shares differ from SQLite's by design: each database has its own baseline.
const baselineFile = fileURLToPath(
  new URL(process.env.BENCH_DATABASE_URL ? './baseline-postgres.json' : './baseline.json', import.meta.url),
);
const baseline = readBaseline(baselineFile);
const ceilings = { bareServerRequestsPerSecond: ceiling, commitsPerSecond: commits.commitsPerSecond };
if (process.env.BENCH_UPDATE_BASELINE === '1' || !baseline) {
  writeBaseline(baselineFile, {
    at: new Date().toISOString(),
    cores: os.cpus().length,
    node: process.version,
    shares,
    ceilings,
  });
  say(
    `\n${baseline ? 'Baseline replaced by this run' : 'No baseline yet: this run is the baseline'} (bench/${path.basename(baselineFile)}).`,
  );
} else {
  const { baseline: extended, added } = withNewScenarios(baseline, shares);
  say(`\nBaseline of ${baseline.at} (${baseline.cores} cores, Node ${baseline.node}):`);
  for (const line of describeCeilings(baseline.ceilings, ceilings)) say(line);
  for (const line of describeComparison(compareWithBaseline(shares, baseline.shares), added)) say(line);
  if (added.length > 0) writeBaseline(baselineFile, extended);
}

const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  `${resultsDir}latest.json`,
  `${JSON.stringify({ at: new Date().toISOString(), cores: os.cpus().length, node: process.version, rows, commits, race: resources.race, peakRssMiB: resources.peakRssMiB, jobs, mqtt, webhooks, usageExport, readerTaps, startFootprint, bookings, instances }, null, 2)}\n`,
);
