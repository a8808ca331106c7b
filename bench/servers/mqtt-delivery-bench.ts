// Issue 15: from a usage start over HTTP until the MQTT message is at the broker, as a machine
// subscribed to it receives it. The real app with its production database settings (SQLite in a
// fresh data folder, or the PostgreSQL of BENCH_DATABASE_URL) and the broker of the tests:
// Mosquitto at 127.0.0.1:1883 when it runs, else aedes in this process. Prints one JSON line.
// 20 resources with an MQTT configuration each; 1,000 sessions started one at a time, round-robin
// over the resources, then 1,000 more started 20 at once (as at the start of a workshop). Each
// start is timed until its message arrives, and until its HTTP answer, which includes the commit.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  buildApp,
  createLogger,
  loadConfig,
  migrateToLatest,
  openDatabase,
  sharedBroker,
  subscribe,
} from '@toolpass/server/testing';

const RESOURCES = 20;
const SESSIONS = 1_000;
const WARM_UP_ROUNDS = 3;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-mqtt-bench-'));
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
const broker = await sharedBroker();
const { app, services } = await buildApp({ config, database, logger: createLogger('warn') });
const bench = await services.users.administrators.createOrPromote({
  username: 'bench',
  email: 'bench@example.org',
  password: 'bench password',
});
const token = await services.sessions.issue(bench.user.id);

// Topics of this run only: the Mosquitto of the machine may be shared.
const run = `toolpass-bench/${process.pid}-${Date.now()}`;
const server = await services.mqtt.createServer({
  name: 'Bench broker',
  host: broker.host,
  port: broker.port,
  useTls: false,
});
const resourceIds: number[] = [];
for (let index = 0; index < RESOURCES; index += 1) {
  const resource = await services.resources.create({ name: `Relay ${index}` }, undefined);
  await services.mqtt.createConfiguration(resource.id, {
    name: 'Relay',
    serverId: server.id,
    inUseTopic: `${run}/{{id}}/in-use`,
    inUseMessage: '{"status":"in-use","resourceId":{{id}},"user":"{{user.username}}","at":"{{timestamp}}"}',
    notInUseTopic: `${run}/{{id}}/available`,
    notInUseMessage: '{"status":"available","resourceId":{{id}},"at":"{{timestamp}}"}',
    onTakeoverSendStart: false,
    onTakeoverSendStop: false,
    onTakeoverSendTakeover: true,
  });
  resourceIds.push(resource.id);
}
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

// What arrives, by topic: the machine takes its timestamp as the message comes in.
const waiting = new Map<string, (at: number) => void>();
const machine = await subscribe(broker, `${run}/#`);
machine.client.on('message', (topic) => {
  const arrived = performance.now();
  waiting.get(topic)?.(arrived);
  waiting.delete(topic);
});
const arrival = (topic: string) => new Promise<number>((resolve) => waiting.set(topic, resolve));

type Timing = { message: number; answer: number };

/** Starts (or ends) these resources at once; answers each one's time to its answer and to its message. */
async function round(action: 'start' | 'end', ids: number[]): Promise<Timing[]> {
  return Promise.all(
    ids.map(async (resourceId) => {
      const arrived = arrival(`${run}/${resourceId}/${action === 'start' ? 'in-use' : 'available'}`);
      const sent = performance.now();
      const response = await fetch(`${base}/api/resources/${resourceId}/usage/${action}`, {
        method: action === 'start' ? 'POST' : 'PUT',
        headers,
        body: '{}',
      });
      if (!response.ok) throw new Error(`${action} answered ${response.status}`);
      const answered = performance.now();
      return { message: (await arrived) - sent, answer: answered - sent };
    }),
  );
}

for (let warmUp = 0; warmUp < WARM_UP_ROUNDS; warmUp += 1) {
  await round('start', resourceIds);
  await round('end', resourceIds);
}

/** 1,000 sessions, `atOnce` of them started together, round-robin over the 20 resources. */
async function measure(atOnce: number) {
  const timings: Timing[] = [];
  for (let started = 0; started < SESSIONS; started += atOnce) {
    const ids = resourceIds.slice(started % RESOURCES, (started % RESOURCES) + atOnce);
    timings.push(...(await round('start', ids)));
    await round('end', ids);
  }
  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0).toFixed(2));
  };
  const messages = timings.map((timing) => timing.message);
  const answers = timings.map((timing) => timing.answer);
  // What MQTT adds to the start itself: from the HTTP answer (the commit) to the message.
  const afterAnswer = timings.map((timing) => timing.message - timing.answer);
  return {
    atOnce,
    sessions: timings.length,
    latencyP50Ms: quantile(messages, 0.5),
    latencyP99Ms: quantile(messages, 0.99),
    latencyMaxMs: quantile(messages, 1),
    answerP50Ms: quantile(answers, 0.5),
    answerP99Ms: quantile(answers, 0.99),
    afterAnswerP50Ms: quantile(afterAnswer, 0.5),
    afterAnswerP99Ms: quantile(afterAnswer, 0.99),
  };
}

// One start at a time (a member at a machine), then all 20 machines started at the same moment.
const oneAtATime = await measure(1);
const allAtOnce = await measure(RESOURCES);
const status = await services.mqtt.serverStatus(server.id);

await machine.close();
await app.close();
await broker.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({
    dialect: database.dialect,
    broker: broker.kind,
    resources: RESOURCES,
    oneAtATime,
    allAtOnce,
    messagesSent: status.messagesSent,
    messagesFailed: status.messagesFailed,
  })}\n`,
);
