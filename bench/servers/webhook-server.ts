// The real app for the webhook benchmark, as `npm start` runs it (SQLite in a fresh data folder,
// or the PostgreSQL of BENCH_DATABASE_URL), with a manager and 20 resources. The scenario
// configures the webhooks through the API, since only it knows where its receiver listens.
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
} from '@toolpass/server/testing';

const RESOURCES = 20;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-webhook-bench-'));
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
const { app, services } = await buildApp({ config, database, logger: createLogger('warn') });
const manager = await services.users.administrators.createOrPromote({
  username: 'bench',
  email: 'bench@example.org',
  password: 'bench password',
});
const token = await services.sessions.issue(manager.user.id);
const resourceIds: number[] = [];
for (let index = 0; index < RESOURCES; index += 1) {
  resourceIds.push((await services.resources.create({ name: `Relay ${index + 1}` }, undefined)).id);
}
// BENCH_WITH_MQTT: every resource also gets an MQTT configuration (the broker of the tests), so
// the cycle rate can be measured with both integrations at once.
const broker = process.env.BENCH_WITH_MQTT ? await sharedBroker() : undefined;
if (broker) {
  const mqttServer = await services.mqtt.createServer({
    name: 'Bench broker',
    host: broker.host,
    port: broker.port,
    useTls: false,
  });
  const run = `toolpass-bench/${process.pid}-${Date.now()}`;
  for (const resourceId of resourceIds) {
    await services.mqtt.createConfiguration(resourceId, {
      name: 'Relay',
      serverId: mqttServer.id,
      inUseTopic: `${run}/{{id}}/in-use`,
      inUseMessage: '{"status":"in-use","resourceId":{{id}},"user":"{{user.username}}"}',
      notInUseTopic: `${run}/{{id}}/available`,
      notInUseMessage: '{"status":"available","resourceId":{{id}}}',
      onTakeoverSendStart: false,
      onTakeoverSendStop: false,
      onTakeoverSendTakeover: true,
    });
  }
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({
    port: (app.server.address() as AddressInfo).port,
    token,
    resourceIds,
    dialect: database.dialect,
  })}\n`,
);
process.on('SIGTERM', async () => {
  await app.close();
  await broker?.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
