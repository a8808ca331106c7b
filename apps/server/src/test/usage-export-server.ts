// The real app on a fresh SQLite folder (or USAGE_DATABASE_URL) holding USAGE_ROWS finished
// sessions, for the export's memory test and the benchmark: both measure this process alone.
// Prints one JSON line { port, token, pid, seedSeconds } once it listens; SIGTERM stops it.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { searchTextOf } from '../domains/resources/resources.repository.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { createLogger } from '../platform/logging/logger.ts';
import { seedUsageSessions } from './usage-seed.ts';

const rows = Number(process.env.USAGE_ROWS ?? 100_000);
const stepSeconds = Number(process.env.USAGE_STEP_SECONDS ?? 60);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-usage-export-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: process.env.USAGE_DATABASE_URL }),
  port: 0,
};
const database = await openDatabase({ dataDir, databaseUrl: config.databaseUrl });
await migrateToLatest(database);
const { app, services } = await buildApp({ config, database, logger: createLogger('warn') });
const manager = await services.users.administrators.createOrPromote({
  username: 'manager',
  email: 'manager@example.org',
  password: 'manager password',
});
const member = await services.users.administrators.createOrPromote({
  username: 'member',
  email: 'member@example.org',
  password: 'member password',
});
const token = await services.sessions.issue(manager.user.id);
const now = new Date();
const names = ['Laser; "big"', 'Lathe', 'Mill', 'Drill press'];
const resources = await database.db
  .insertInto('resources')
  .values(
    names.map((name) => ({
      name,
      description: null,
      search_text: searchTextOf(name, null),
      image_filename: null,
      allow_take_over: true,
      documentation_type: null,
      documentation_markdown: null,
      documentation_url: null,
      created_at: now,
      updated_at: now,
    })),
  )
  .returning('id')
  .execute();
const seedStart = performance.now();
await seedUsageSessions(database, {
  rows,
  resourceIds: resources.map((resource) => resource.id),
  userIds: [manager.user.id, member.user.id],
  from: new Date(Date.UTC(2000, 0, 1)),
  stepSeconds,
  durationSeconds: Math.max(1, Math.floor(stepSeconds * 0.75)),
});
const seedSeconds = (performance.now() - seedStart) / 1000;
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ port: (app.server.address() as AddressInfo).port, token, pid: process.pid, seedSeconds })}\n`,
);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
