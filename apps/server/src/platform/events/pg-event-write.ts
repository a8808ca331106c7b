import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { reusableQuery } from '../db/reusable-query.ts';
import type { Database } from '../db/schema.ts';
import { insertEvent } from './outbox.ts';
import { subscribersOfOne } from './subscriptions.ts';

type Values = {
  type: string;
  now: Date;
  payload: string;
  /** The resource the event is about; null: no subscription applies. */
  resourceId: number | null;
  channel: string;
  prefix: string;
};

/** The event's id, with one row per subscribed target (target null when there is none). */
type Row = { id: number; target_kind: string | null; target_id: string | null };

/**
 * On PostgreSQL the commonest event transaction, a change with one event, writes the event, reads
 * who subscribed to it and announces it to the other instances in one statement instead of three:
 * a usage start measured eight round trips, and each costs the app a write to the socket and
 * PostgreSQL a wake-up. The parts are those of outbox.ts, subscriptions.ts and event-fanout.ts.
 */
export function createPgEventWrite(version: number) {
  let statement: ReturnType<typeof compile> | undefined;
  function compile(db: Db) {
    return reusableQuery<Database, Values, Row>(
      db,
      ['type', 'now', 'payload', 'resourceId', 'channel', 'prefix'],
      (kysely, p) => {
        const text = sql<Row>`
        with event as (${insertEvent(kysely, version, p)}),
        announced as (select pg_notify(${p.channel}, ${p.prefix} || event.id) from event)
        select event.id, wanted.target_kind, wanted.target_id
        from event
        -- Read, so that the notification is sent: a SELECT under WITH runs only when something reads it.
        cross join (select count(*) from announced) as announcing
        left join (${subscribersOfOne(kysely, { resourceId: p.resourceId as never, eventType: p.type })}) as wanted
          on cast(${p.resourceId} as integer) is not null`;
        // A raw statement compiles against the database it runs on.
        return { compile: () => text.compile(kysely) };
      },
    );
  }

  return async (tx: Db, values: Values): Promise<{ id: number; targets: { kind: string; id: string }[] }> => {
    statement ??= compile(tx);
    const rows = await statement(tx, values);
    const [first] = rows;
    if (!first) throw new Error('Writing an outbox event returned no id');
    const targets = rows.flatMap((row) =>
      row.target_kind === null || row.target_id === null
        ? []
        : [{ kind: row.target_kind, id: row.target_id }],
    );
    return { id: first.id, targets };
  };
}
