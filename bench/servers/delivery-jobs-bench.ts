// Issue 11: the delivery jobs, measured in the real app with its production database settings
// (SQLite in a fresh data folder, or the PostgreSQL of BENCH_DATABASE_URL). Prints one JSON line.
// 1. Throughput: a backlog of jobs for 100 targets (probes that accept at once) worked off,
//    until every job is recorded as done.
// 2. Latency: from sending a usage start or end over HTTP until a test target has received its
//    event, with that target alone.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  buildApp,
  createLogger,
  type EventProbe,
  loadConfig,
  migrateToLatest,
  type OutboxEnvelope,
  openDatabase,
  searchTextOf,
} from '@toolpass/server/testing';
import { sql } from 'kysely';

const TARGETS = 100;
const RESOURCES = 50;
const EVENTS = 300;
const LATENCY_ROUNDS = 500;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-jobs-bench-'));
const config = {
  ...loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    // The bench's receivers and broker listen on 127.0.0.1 (decision 17).
    ALLOWED_INTEGRATION_HOSTS: 'external,loopback',
  }),
  port: 0,
};
const database = await openDatabase({ dataDir, databaseUrl: config.databaseUrl });
await migrateToLatest(database);

let delivered = 0;
let onTestTarget: ((event: OutboxEnvelope) => void) | undefined;
const probes: EventProbe[] = Array.from({ length: TARGETS }, (_, index) => ({
  name: `target-${index}`,
  handle: () => {
    delivered += 1;
  },
}));

const throughputApp = await buildApp({
  config,
  database,
  logger: createLogger('warn'),
  eventConsumers: probes,
});
const { services } = throughputApp;
const manager = await services.users.administrators.createOrPromote({
  username: 'bench',
  email: 'bench@example.org',
  password: 'bench password',
});
const token = await services.sessions.issue(manager.user.id);
const now = new Date();
const resourceIds = (
  await database.db
    .insertInto('resources')
    .values(
      Array.from({ length: RESOURCES }, (_, index) => ({
        name: `Relay ${index}`,
        description: null,
        search_text: searchTextOf(`Relay ${index}`, null),
        image_filename: null,
        allow_take_over: false,
        documentation_type: null,
        documentation_markdown: null,
        documentation_url: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute()
).map((row) => row.id);
await throughputApp.app.ready();

// 1. The backlog is written while the runner is stopped, as after an outage of every target,
// by the real path: usage starts and ends, each writing its event and a job per target.
await services.jobRunner.stop();
for (let index = 0; index < EVENTS / 2; index += 1) {
  const resourceId = resourceIds[index % RESOURCES] ?? 0;
  await services.usage.start(manager.user, resourceId, {});
  await services.usage.end(manager.user, resourceId, null);
}
const backlog = EVENTS * TARGETS;
const started = performance.now();
services.jobRunner.start();
while (delivered < backlog) await new Promise((resolve) => setTimeout(resolve, 1));
// The introduction reminder sweep (decision 21) is always planned, due in an hour: not counted.
const pendingLeft = async () =>
  Number(
    (
      await sql<{
        count: number;
      }>`select count(*) as count from delivery_jobs where state = 'pending' and target_kind <> 'timed-action'`.execute(
        database.db,
      )
    ).rows[0]?.count ?? 0,
  );
while ((await pendingLeft()) > 0) await new Promise((resolve) => setTimeout(resolve, 5));
const seconds = (performance.now() - started) / 1000;
await throughputApp.app.close();

// 2. The same database with one durable consumer, the test target, as a space with one relay.
const { app } = await buildApp({
  config,
  database,
  logger: createLogger('warn'),
  eventConsumers: [{ name: 'test-target', handle: (event) => onTestTarget?.(event) }],
});
await app.listen({ port: 0, host: '127.0.0.1' });

// One member starts and ends a session, over and over; each start and end is timed until the
// test target has it.
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const latencies: number[] = [];
const resourceId = resourceIds[0] ?? 0;
for (let round = 0; round < LATENCY_ROUNDS; round += 1) {
  for (const [method, action, type] of [
    ['POST', 'start', 'usage.started'],
    ['PUT', 'end', 'usage.ended'],
  ] as const) {
    const sent = performance.now();
    const arrived = new Promise<number>((resolve) => {
      onTestTarget = (event) => {
        if (event.type === type) resolve(performance.now());
      };
    });
    const response = await fetch(`${base}/api/resources/${resourceId}/usage/${action}`, {
      method,
      headers,
      body: '{}',
    });
    if (!response.ok) throw new Error(`${action} answered ${response.status}`);
    latencies.push((await arrived) - sent);
  }
}
latencies.sort((a, b) => a - b);
const quantile = (q: number) => Number((latencies[Math.floor(latencies.length * q)] ?? 0).toFixed(2));

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({
    dialect: database.dialect,
    targets: TARGETS,
    jobs: backlog,
    jobsPerSecond: Math.round(backlog / seconds),
    latencyP50Ms: quantile(0.5),
    latencyP99Ms: quantile(0.99),
    latencySamples: latencies.length,
  })}\n`,
);
