import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-database.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

describe.each(TEST_DIALECTS)('migrations on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('fills the search text of resources made before the column existed', async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    await migrateTo(database, '0005-outbox');
    const now = new Date();
    // The schema as it was before the search text, which the app's types no longer describe.
    const old = database.db as unknown as Kysely<{
      resources: {
        name: string;
        description: string | null;
        allow_take_over: boolean;
        created_at: Date;
        updated_at: Date;
      };
    }>;
    await old
      .insertInto('resources')
      .values([
        {
          name: 'Ölfräse',
          description: 'Für GROBE Späne',
          allow_take_over: false,
          created_at: now,
          updated_at: now,
        },
        { name: 'Band saw', description: null, allow_take_over: false, created_at: now, updated_at: now },
      ])
      .execute();

    await migrateToLatest(database);
    const rows = await database.db
      .selectFrom('resources')
      .select(['name', 'search_text'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { name: 'Ölfräse', search_text: 'ölfräse\nfür grobe späne' },
      { name: 'Band saw', search_text: 'band saw\n' },
    ]);
  });
});
