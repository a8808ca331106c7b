import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

/**
 * Searches match `%text%` anywhere in a resource's search text, a username or an email: a
 * B-tree cannot help with that, so PostgreSQL scanned every row. Trigram GIN indexes (the
 * pg_trgm extension, shipped with PostgreSQL and trusted, so a database owner may install it)
 * answer such a LIKE from the index. Where the extension cannot be installed the migration
 * leaves the searches as they were, scanning, rather than failing the start; installing
 * pg_trgm later and running `npm run migrate` again does not revisit this, creating the indexes
 * below by hand does. SQLite's LIKE uses no index of this kind; there the search stays a scan
 * of a small table in memory.
 */
export function searchTrigramIndexesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      // The exception handler runs the statement in a savepoint of its own, so a refusal leaves
      // the migration's transaction usable.
      await sql`
        do $$
        begin
          create extension if not exists pg_trgm;
        exception when others then
          raise notice 'pg_trgm is not available (%): searches scan without an index', sqlerrm;
        end $$
      `.execute(db);
      await sql`
        do $$
        begin
          if exists (select 1 from pg_extension where extname = 'pg_trgm') then
            create index resources_search_text_trgm on resources using gin (search_text gin_trgm_ops);
            create index users_username_key_trgm on users using gin (username_key gin_trgm_ops);
            create index users_email_key_trgm on users using gin (email_key gin_trgm_ops);
          end if;
        end $$
      `.execute(db);
    },
  };
}
