import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * One table of delivery jobs for every durable consumer (decision 8): a job per event and
 * target (a webhook, an MQTT configuration, a plugin subscription), and a job per mail. It
 * replaces the outbox's delivery rows per consumer name and the hand-written mail queue.
 * Outbox events get the version of their payload; rows written before this are version 0.
 */
export function deliveryJobsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('outbox_events')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('delivery_jobs')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('event_id', 'integer', (c) => c.references('outbox_events.id').onDelete('cascade'))
        .addColumn('target_kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        // Jobs of one target about one resource are delivered in order; null means unordered.
        .addColumn('resource_id', 'integer')
        // What the job carries besides its event (a rendered mail); null for event jobs.
        .addColumn('payload', 'text')
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('due_at', t.timestamp, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_until', t.timestamp)
        .addColumn('last_error', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('finished_at', t.timestamp)
        .execute();
      // The claim walks pending jobs oldest first and asks whether an earlier one of the same
      // target and resource is still pending: both are index look-ups over pending rows only.
      await db.schema
        .createIndex('delivery_jobs_pending')
        .on('delivery_jobs')
        .column('id')
        .where(sql.ref('state'), '=', 'pending')
        .execute();
      await db.schema
        .createIndex('delivery_jobs_pending_order')
        .on('delivery_jobs')
        .columns(['target_kind', 'target_id', 'resource_id', 'id'])
        .where(sql.ref('state'), '=', 'pending')
        .execute();
      // Delivery logs: a target's jobs, newest first.
      await db.schema
        .createIndex('delivery_jobs_target')
        .on('delivery_jobs')
        .columns(['target_kind', 'target_id', 'id'])
        .execute();
      await db.schema.createIndex('delivery_jobs_event').on('delivery_jobs').column('event_id').execute();

      // Mails still queued become mail jobs, with their attempts and errors.
      const typed = db as Kysely<{
        mail_queue: {
          recipient: string;
          subject: string;
          html: string;
          text: string;
          attempts: number;
          next_attempt_at: Date | string;
          last_error: string | null;
          created_at: Date | string;
        };
      }>;
      const mails = await typed.selectFrom('mail_queue').selectAll().orderBy('created_at').execute();
      for (const mail of mails) {
        // A mail that used up its attempts was kept with a retry date in the year 9999.
        const exhausted = new Date(mail.next_attempt_at).getUTCFullYear() >= 9999;
        await sql`insert into delivery_jobs
          (target_kind, target_id, payload, state, due_at, attempts, last_error, created_at)
          values ('mail', '', ${JSON.stringify({
            to: mail.recipient,
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
          })}, ${exhausted ? 'failed' : 'pending'}, ${mail.next_attempt_at}, ${mail.attempts},
          ${mail.last_error}, ${mail.created_at})`.execute(db);
      }
      await db.schema.dropTable('mail_queue').execute();
      // Delivery rows per consumer name served only the test probes; their jobs start afresh.
      await db.schema.dropTable('outbox_deliveries').execute();
    },
  };
}
