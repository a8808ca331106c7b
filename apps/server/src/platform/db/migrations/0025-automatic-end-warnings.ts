import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The warning before an automatic end (decision 21) by mail for members who ask for it, and once
 * per planned end: `notify_before_automatic_end` is the member's choice (off until switched on),
 * `limit_warning_for` the end a session was warned of, so a second run of the warning (or a
 * second job for the same end after the limit changed back) sends nothing, while a later end
 * after a changed limit earns its own warning.
 */
export function automaticEndWarningsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('notify_before_automatic_end', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
        .execute();
      await db.schema.alterTable('usage_sessions').addColumn('limit_warning_for', t.timestamp).execute();
    },
  };
}
