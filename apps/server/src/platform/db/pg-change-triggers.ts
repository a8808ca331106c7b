import { sql } from 'kysely';
import { ACCOUNT_TABLES, CHANGE_PAYLOAD } from './change-scopes.ts';
import type { Db } from './database.ts';
import { CHANGE_CHANNEL } from './pg-change-counter.ts';

const FUNCTION = 'toolpass_notify_change';
const ROW_TRIGGER = 'toolpass_row_change';
const TRUNCATE_TRIGGER = 'toolpass_truncate_change';

/**
 * Makes every change to every table of the schema send a NOTIFY on the change channel, in the
 * transaction that makes it (docs/decisions/0024-read-cache-across-instances.md). Triggers
 * rather than code in the app: they also cover raw SQL, scripts and tools, and PostgreSQL sends
 * the notification when, and only if, the transaction commits, collapsing the duplicates of one
 * transaction into one. Run after the migrations at every start, so a table added by a later
 * migration is covered without that migration having to remember it; an advisory lock keeps
 * instances starting together from creating the same trigger twice.
 */
export async function installChangeTriggers(db: Db): Promise<void> {
  // The payload says whether accounts changed (change-scopes.ts): their cache is kept through
  // every other write. PostgreSQL collapses a transaction's equal notifications, so one that
  // writes both kinds sends two.
  const accountTables = [...ACCOUNT_TABLES].map((table) => `'${table}'`).join(', ');
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${FUNCTION}))`.execute(tx);
    await sql
      .raw(
        `create or replace function ${FUNCTION}() returns trigger language plpgsql as $$
         begin
           perform pg_notify('${CHANGE_CHANNEL}', case when TG_TABLE_NAME in (${accountTables}) then '${CHANGE_PAYLOAD.accounts}' else '${CHANGE_PAYLOAD.other}' end);
           return null;
         end $$`,
      )
      .execute(tx);
    const { rows } = await sql<{ name: string; trigger: string }>`
      select c.relname as name, wanted.trigger
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      cross join (values (${ROW_TRIGGER}), (${TRUNCATE_TRIGGER})) as wanted(trigger)
      where n.nspname = current_schema() and c.relkind = 'r'
        and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = wanted.trigger)
    `.execute(tx);
    for (const { name, trigger } of rows) {
      const table = sql.id(name);
      // Row triggers fire only for rows that changed, so an UPDATE that matched nothing (a job
      // runner's empty claim) announces nothing; TRUNCATE only has statement triggers.
      const when =
        trigger === ROW_TRIGGER
          ? sql`after insert or update or delete on ${table} for each row`
          : sql`after truncate on ${table} for each statement`;
      await sql`create trigger ${sql.id(trigger)} ${when} execute function ${sql.id(FUNCTION)}()`.execute(tx);
    }
  });
}
