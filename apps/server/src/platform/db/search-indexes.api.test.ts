import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-database.ts';
import { containsPattern } from './like-pattern.ts';

/**
 * The searches' `LIKE '%text%' ESCAPE '\'`, as the repositories build it, is answered from the
 * trigram indexes of migration 0026 on PostgreSQL. Sequential scans are switched off for the
 * plan so that the answer does not depend on the table's size: the question is whether the
 * index can serve the query's form at all.
 */
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))(
  'search indexes on %s',
  (dialect) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database?.drop());

    async function plan(query: { compile(): { sql: string; parameters: readonly unknown[] } }) {
      const compiled = query.compile();
      return database.db.connection().execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection);
        const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>({
          ...compiled,
          sql: `explain ${compiled.sql}`,
          query: sql``.toOperationNode(),
          queryId: { queryId: 'explain' },
        });
        await sql`reset enable_seqscan`.execute(connection);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    }

    it('finds resources by their search text through the trigram index', async () => {
      const query = database.db
        .selectFrom('resources')
        .select('id')
        .where('search_text', 'like', containsPattern('laser 42'));
      expect(await plan(query)).toContain('resources_search_text_trgm');
    });

    it('finds users by username or email through the trigram indexes', async () => {
      const pattern = containsPattern('maria');
      const query = database.db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('username_key', 'like', pattern), eb('email_key', 'like', pattern)]));
      const text = await plan(query);
      expect(text).toContain('users_username_key_trgm');
      expect(text).toContain('users_email_key_trgm');
    });
  },
);
