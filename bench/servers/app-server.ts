// The real app, as `npm start` runs it (SQLite in a fresh data folder, production scrypt cost),
// with one difference: sign-in rate limits are lifted, or the sign-in scenario would measure 429s.
// With BENCH_JOIN=1 it is a second instance on the PostgreSQL of BENCH_DATABASE_URL that another
// one seeded: it seeds nothing and prints only its port. With BENCH_SEED_INTO=<folder> it seeds
// that data folder (or the PostgreSQL), prints what it would print when listening, and exits, for
// the bundle of `npm start` to serve (harness.ts, startBundledServer).
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  buildApp,
  createLogger,
  DEFAULT_RATE_LIMITS,
  loadConfig,
  migrateToLatest,
  openDatabase,
} from '@toolpass/server/testing';
import { seedResources } from './seed-resources.ts';

const seedInto = process.env.BENCH_SEED_INTO;
const dataDir = seedInto ?? mkdtempSync(path.join(os.tmpdir(), 'toolpass-bench-'));
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
const unlimited = { max: 1_000_000_000, timeWindowMs: 60_000 };
const { app, services } = await buildApp({
  config,
  database,
  logger: createLogger('warn'),
  rateLimits: {
    ...DEFAULT_RATE_LIMITS,
    signIn: unlimited,
    signInPerClient: unlimited,
    passwordResetRequest: unlimited,
    costlyInFlightPerClient: 1_000_000,
    costlyPerAccount: unlimited,
  },
});
if (process.env.BENCH_JOIN === '1') {
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);
} else {
  const bench = await services.users.administrators.createOrPromote({
    username: 'bench',
    email: 'bench@example.org',
    password: 'bench password',
  });
  const token = await services.sessions.issue(bench.user.id);
  // Fifty more managers for the race: fifty different users who may all start sessions.
  const racerTokens: string[] = [];
  const racerIds: number[] = [];
  for (let index = 0; index < 50; index += 1) {
    const racer = await services.users.administrators.createOrPromote({
      username: `racer${index}`,
      email: `racer${index}@example.org`,
      password: 'racer password',
    });
    racerIds.push(racer.user.id);
    racerTokens.push(await services.sessions.issue(racer.user.id));
  }
  const { resourceIds } = await seedResources(database.db, { benchUserId: bench.user.id, racers: racerIds });
  if (seedInto === undefined) await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(
    `${JSON.stringify({
      port: seedInto === undefined ? (app.server.address() as AddressInfo).port : 0,
      token,
      racerTokens,
      resourceIds,
      username: 'bench',
      password: 'bench password',
      dialect: database.dialect,
    })}\n`,
  );
}
if (seedInto !== undefined) {
  // The data stays for the server that serves it.
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
