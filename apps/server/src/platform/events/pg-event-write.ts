import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { reusableQuery } from '../db/reusable-query.ts';
import type { Database } from '../db/schema.ts';
import { JOB_COLUMNS } from '../jobs/job-store.ts';
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

/** The event's id and how many delivery jobs it got. */
type Row = { id: number; jobs: number };

/**
 * On PostgreSQL the commonest event transaction, a change with one event, writes the event, a
 * delivery job for each subscribed target and the announcement to the other instances in one
 * statement: a usage start measured eight round trips, and each costs the app a write to the
 * socket and PostgreSQL a wake-up. The parts are those of outbox.ts, subscriptions.ts,
 * job-store.ts and event-fanout.ts.
 *
 * Nothing the transaction does next depends on the answer, so the statement goes to the socket
 * with the COMMIT after it (`sendWithNext`) and its answer is awaited once the transaction has
 * ended (event-pipeline.ts).
 */
export function createPgEventWrite(version: number) {
  let statement: ReturnType<typeof compile> | undefined;
  function compile(db: Db) {
    return reusableQuery<Database, Values, Row>(
      db,
      ['type', 'now', 'payload', 'resourceId', 'channel', 'prefix'],
      (kysely, p) => {
        const jobs = kysely
          .insertInto('delivery_jobs')
          .columns([...JOB_COLUMNS])
          .expression(
            sql`select event.id, wanted.target_kind, wanted.target_id, cast(${p.resourceId} as integer), null, ${p.now}, ${p.now}
            from event
            cross join (${subscribersOfOne(kysely, { resourceId: p.resourceId as never, eventType: p.type })}) as wanted
            where cast(${p.resourceId} as integer) is not null`,
          )
          .returning('id');
        const text = sql<Row>`
        with event as (${insertEvent(kysely, version, p)}),
        announced as (select pg_notify(${p.channel}, ${p.prefix} || event.id) from event),
        jobs as (${jobs})
        -- Each part is read, so that each runs: a data-changing part runs anyway, a SELECT under
        -- WITH only when something reads it.
        select event.id, (select count(*) from jobs) as jobs, (select count(*) from announced) as announcing
        from event`;
        // A raw statement compiles against the database it runs on.
        return { compile: () => text.compile(kysely) };
      },
      { sentWithNext: true },
    );
  }

  /**
   * Sends the write; its answer comes once the transaction's next statement (its COMMIT) has
   * gone out too. The caller awaits it after the transaction.
   */
  return (tx: Db, values: Values): Promise<{ id: number; jobs: number }> => {
    statement ??= compile(tx);
    const running = statement(tx, values);
    return running.then(([row]) => {
      if (!row) throw new Error('Writing an outbox event returned no id');
      return { id: row.id, jobs: row.jobs };
    });
  };
}
