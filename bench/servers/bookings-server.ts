// The real app on SQLite (or BENCH_DATABASE_URL) for the bookings scenario (issue 33): a busy
// bookable resource with 1,000 bookings for the calendar read, and 60 walk-up and 60 bookable
// resources for start/end cycles (each bookable one with future bookings its start guard and
// observer look past).
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  buildApp,
  createLogger,
  type Db,
  loadConfig,
  migrateToLatest,
  openDatabase,
  searchTextOf,
} from '@toolpass/server/testing';

const HOUR_MS = 3_600_000;
const CYCLE_RESOURCES = 60;
const BUSY_BOOKINGS = 1_000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-bench-bookings-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: process.env.BENCH_DATABASE_URL }),
  port: 0,
};
const database = await openDatabase({ dataDir, databaseUrl: config.databaseUrl });
await migrateToLatest(database);
const { app, services } = await buildApp({ config, database, logger: createLogger('warn') });
const bench = await services.users.administrators.createOrPromote({
  username: 'bench',
  email: 'bench@example.org',
  password: 'bench password',
});
const token = await services.sessions.issue(bench.user.id);

async function resources(db: Db, prefix: string, count: number, mode: 'walk-up' | 'bookable') {
  const now = new Date();
  const rows = await db
    .insertInto('resources')
    .values(
      Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}`).map((name) => ({
        name,
        description: null,
        search_text: searchTextOf(name, null),
        image_filename: null,
        allow_take_over: false,
        documentation_type: null,
        documentation_markdown: null,
        documentation_url: null,
        booking_mode: mode,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** `count` one-hour bookings of the bench user from `from` on, one every `everyHours` hours. */
async function book(db: Db, resourceId: number, from: number, count: number, everyHours: number) {
  const now = new Date();
  for (let batch = 0; batch < count; batch += 250) {
    await db
      .insertInto('bookings')
      .values(
        Array.from({ length: Math.min(250, count - batch) }, (_, index) => {
          const start = from + (batch + index) * everyHours * HOUR_MS;
          return {
            resource_id: resourceId,
            user_id: bench.user.id,
            kind: 'booking' as const,
            start_at: new Date(start),
            end_at: new Date(start + HOUR_MS),
            created_by_user_id: bench.user.id,
            created_at: now,
          };
        }),
      )
      .execute();
  }
}

const tomorrow = Math.ceil(Date.now() / (24 * HOUR_MS)) * 24 * HOUR_MS + 24 * HOUR_MS;
const [busy] = await resources(database.db, 'Busy laser', 1, 'bookable');
if (busy === undefined) throw new Error('no busy resource');
// 1,000 hours booked back to back from tomorrow on: a calendar week holds 168 of them.
await book(database.db, busy, tomorrow, BUSY_BOOKINGS, 1);
const walkUp = await resources(database.db, 'Walk-up', CYCLE_RESOURCES, 'walk-up');
const bookable = await resources(database.db, 'Bookable', CYCLE_RESOURCES, 'bookable');
for (const resourceId of bookable) await book(database.db, resourceId, tomorrow, 20, 3);

await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({
    port: (app.server.address() as AddressInfo).port,
    token,
    busy,
    weekFrom: new Date(tomorrow + 24 * HOUR_MS).toISOString(),
    walkUp,
    bookable,
    dialect: database.dialect,
  })}\n`,
);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
