// The real app for the reader tap benchmark, as `npm start` runs it (SQLite in a fresh data
// folder, or the PostgreSQL of BENCH_DATABASE_URL), with an administrator and 20 members, each
// introduced to a resource of their own. The scenario pairs its simulated readers and enrols
// their cards through the socket and the API, as an administrator and the members would.
// One difference from production: the bench pairs 20 readers from one address within seconds,
// more HELLOs than the per-address limit lets through in ten minutes, so that limit is lifted.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  buildApp,
  createAccountsRepository,
  createLogger,
  DEFAULT_RATE_LIMITS,
  loadConfig,
  migrateToLatest,
  openDatabase,
} from '@toolpass/server/testing';

const MEMBERS = 20;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-reader-bench-'));
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
const { app, services } = await buildApp({
  config,
  database,
  logger: createLogger('warn'),
  rateLimits: { ...DEFAULT_RATE_LIMITS, readerHellos: { max: 1_000, timeWindowMs: 60_000 } },
});
const administrator = await services.users.administrators.createOrPromote({
  username: 'bench',
  email: 'bench@example.org',
  password: 'bench password',
});
const users = createAccountsRepository({ db: database.db, dialect: database.dialect });
const members: { token: string; resourceId: number }[] = [];
for (let index = 0; index < MEMBERS; index += 1) {
  // Members who never sign in with a password (the reader is how they start sessions): no hash.
  const member = await users.insert(database.db, {
    username: `member${index + 1}`,
    email: `member${index + 1}@example.org`,
    passwordHash: null,
    isEmailVerified: true,
    permissions: { canManageResources: false, canManageSystemConfiguration: false, canManageUsers: false },
    now: new Date(),
  });
  const resource = await services.resources.create({ name: `Lathe ${index + 1}` }, undefined);
  await services.introductions.grant(administrator.user, { resourceId: resource.id }, member.id, null);
  members.push({ token: await services.sessions.issue(member.id), resourceId: resource.id });
}
const adminToken = await services.sessions.issue(administrator.user.id);
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({
    port: (app.server.address() as AddressInfo).port,
    pid: process.pid,
    adminToken,
    members,
    dialect: database.dialect,
  })}\n`,
);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
