import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-database.ts';
import { createJobStore } from './job-store.ts';

const JOBS = 3_000;
const ORDERS = 100;

/**
 * PostgreSQL plans the claim from its statistics, and autovacuum renews them a minute or more
 * after a backlog appeared. The claim must stay a walk with one index look-up per job even when
 * the statistics say the table is empty; the rows it reads are counted, not timed.
 */
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))('the claim on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('reads each pending job about once when the statistics were taken on an empty table', async () => {
    database = await createTestDatabase(dialect);
    const { db } = database;
    await sql`analyze delivery_jobs`.execute(db);
    // 100 orders (target and resource) of 30 jobs each, interleaved as a backlog arrives.
    await sql`
      insert into delivery_jobs (target_kind, target_id, resource_id, due_at, created_at)
      select 'probe', 'target-' || (n % ${ORDERS}), n % ${ORDERS}, now(), now()
      from generate_series(1, ${JOBS}) as n`.execute(db);
    const store = createJobStore({ dialect });
    const now = new Date(Date.now() + 1_000);

    const { jobs, rowsRead } = await db.transaction().execute(async (tx) => {
      const claimed = await store.claim(tx, {
        now,
        leaseUntil: new Date(now.getTime() + 60_000),
        limit: 64,
        kinds: ['probe'],
        exclude: [],
      });
      // This transaction's own count of entries read from the table and its indexes.
      const read = await sql<{ rows: string }>`
        select sum(pg_stat_get_xact_tuples_returned(oid)) as rows from pg_class
        where oid = 'delivery_jobs'::regclass
           or oid in (select indexrelid from pg_index where indrelid = 'delivery_jobs'::regclass)`.execute(
        tx,
      );
      return { jobs: claimed, rowsRead: Number(read.rows[0]?.rows) };
    });

    // The oldest job of each of 64 orders; none queued behind another.
    expect(jobs).toHaveLength(64);
    expect(new Set(jobs.map((job) => `${job.targetId}/${job.resourceId}`)).size).toBe(64);
    expect(jobs.map((job) => job.id)).toEqual([...jobs.map((job) => job.id)].sort((a, b) => a - b));
    // Comparing every pending job with the others would read about JOBS² / 2 = 4.5 million rows.
    expect(rowsRead).toBeLessThan(JOBS * 10);
  });
});
