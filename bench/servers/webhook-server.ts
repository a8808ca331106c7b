// The real app for the webhook benchmark, as `npm start` runs it (SQLite in a fresh data folder,
// or the PostgreSQL of BENCH_DATABASE_URL), with a manager and 20 resources. The scenario
// configures the webhooks through the API, since only it knows where its receiver listens.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate.ts';
import { createLogger } from '../../apps/server/src/platform/logging/logger.ts';

const RESOURCES = 20;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-webhook-bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: process.env.BENCH_DATABASE_URL }),
  port: 0,
};
const database = await openDatabase({ dataDir, databaseUrl: config.databaseUrl });
await migrateToLatest(database);
const { app, services } = await buildApp({ config, database, logger: createLogger('warn') });
const manager = await services.users.createOrPromoteAdministrator({
  username: 'bench',
  email: 'bench@example.org',
  password: 'bench password',
});
const token = await services.sessions.issue(manager.user.id);
const resourceIds: number[] = [];
for (let index = 0; index < RESOURCES; index += 1) {
  resourceIds.push((await services.resources.create({ name: `Relay ${index + 1}` }, undefined)).id);
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
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
