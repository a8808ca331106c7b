import { type Kysely, sql } from 'kysely';

/**
 * For the hot reads of issue 3: the resource overview in name order (so a page and its total
 * need no sort of the whole table), a member's own usage history of a resource, and a search
 * column that holds name and description lower-cased, so a search compares stored text instead
 * of lower-casing two columns of every row (and folds case beyond ASCII on SQLite too).
 */
export function readIndexesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      // The expression is the list's ORDER BY, so both dialects walk the index instead of sorting.
      await sql`create index resources_name_order on resources (lower(name), id)`.execute(db);
      await db.schema
        .createIndex('usage_sessions_resource_user_start')
        .on('usage_sessions')
        .columns(['resource_id', 'user_id', 'start_time'])
        .execute();
      await db.schema
        .alterTable('resources')
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      const typed = db as Kysely<{
        resources: { id: number; name: string; description: string | null; search_text: string };
      }>;
      const rows = await typed.selectFrom('resources').select(['id', 'name', 'description']).execute();
      for (const row of rows) {
        // The same text the resources repository writes (searchTextOf), as of this migration.
        const searchText = `${row.name}\n${row.description ?? ''}`.toLowerCase();
        await typed
          .updateTable('resources')
          .set({ search_text: searchText })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
