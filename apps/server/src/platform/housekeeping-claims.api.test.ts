import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/test-database.ts';
import { openPostgres } from './db/database.ts';
import { startHousekeeping } from './housekeeping.ts';
import { createHousekeepingClaims } from './housekeeping-claims.ts';
import { createLogger } from './logging/logger.ts';

const HOUR_MS = 60 * 60 * 1000;

describe.each(TEST_DIALECTS)('housekeeping claims on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  it('lets one claim a due job, none again before it is due, and one once it is due again', async () => {
    const claims = createHousekeepingClaims(database.db);
    const t0 = new Date('2026-11-27T10:00:00Z');
    const next = new Date(t0.getTime() + HOUR_MS);
    expect(await claims.claim('spent-tokens', t0, next)).toBe(true);
    expect(await claims.claim('spent-tokens', new Date(t0.getTime() + 1_000), next)).toBe(false);
    // Another job has its own due time.
    expect(await claims.claim('finished-jobs', t0, next)).toBe(true);
    expect(await claims.claim('spent-tokens', next, new Date(next.getTime() + HOUR_MS))).toBe(true);
  });

  it('gives a job to exactly one of many claims made at once', async () => {
    const claims = createHousekeepingClaims(database.db);
    // A second connection pool stands for a second instance on the same PostgreSQL.
    const other = dialect === 'postgres' ? openPostgres(database.databaseUrl ?? '') : undefined;
    try {
      const otherClaims = other ? createHousekeepingClaims(other.db) : claims;
      const at = new Date('2026-11-27T12:00:00Z');
      const next = new Date(at.getTime() + HOUR_MS);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) => (index % 2 ? otherClaims : claims).claim('race', at, next)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    } finally {
      await other?.close();
    }
  });

  it('runs a housekeeping job on one of two instances sharing the database', async () => {
    const runs: string[] = [];
    const claims = createHousekeepingClaims(database.db);
    const logger = createLogger('silent');
    const now = () => new Date('2026-11-27T14:00:00Z');
    const a = startHousekeeping({ cleanup: async () => void runs.push('a') }, logger, { claims, now });
    const b = startHousekeeping({ cleanup: async () => void runs.push('b') }, logger, { claims, now });
    await Promise.all([a.stop(), b.stop()]);
    expect(runs).toHaveLength(1);
  });
});
