import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';

/**
 * The one-statement event write of PostgreSQL goes out with the COMMIT, before its answer is
 * read (pg-event-write.ts): what it wrote and how it failed must still be told by the transaction.
 */
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))(
  'the event write on %s',
  (dialect) => {
    let t: TestApp;
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      t = await buildTestApp(dialect);
      receiver = await startWebhookReceiver();
    });
    afterAll(async () => {
      await sql`drop function if exists refuse_marked_event() cascade`.execute(t.database.db);
      await receiver?.close();
      await t?.close();
    });

    async function countWhere(table: 'usage_sessions' | 'delivery_jobs', resourceId: number) {
      const row = await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('resource_id', '=', resourceId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }

    it('writes a job for each subscribed target with the event, and none where nobody subscribed', async () => {
      const given = resourceFixtures(t);
      const manager = await t.given.user({ canManageResources: true });
      const watched = await given.resource(manager);
      const quiet = await given.resource(manager);
      const hook = await t.app.inject({
        method: 'POST',
        url: `/api/resources/${watched.id}/webhooks`,
        headers: manager.auth,
        payload: {
          name: 'Relay',
          url: receiver.url,
          sendOnStart: true,
          sendOnStop: false,
          sendOnTakeover: false,
        },
      });
      expect(hook.statusCode, hook.body).toBe(201);

      expect((await given.start(manager, watched.id)).statusCode).toBe(201);
      expect((await given.start(manager, quiet.id)).statusCode).toBe(201);
      expect(await countWhere('delivery_jobs', watched.id)).toBe(1);
      expect(await countWhere('delivery_jobs', quiet.id)).toBe(0);
      // And the job is delivered.
      await expect.poll(() => receiver.requests.length, { timeout: 10_000 }).toBe(1);
    });

    it('rolls the whole change back when the event write fails, and a later start succeeds', async () => {
      const given = resourceFixtures(t);
      const manager = await t.given.user({ canManageResources: true });
      const resource = await given.resource(manager, { name: `Refused ${Date.now()}` });
      // The database refuses this resource's events, as a full disk or a lost connection would.
      await sql`create or replace function refuse_marked_event() returns trigger language plpgsql as $$
      begin
        if new.payload like '%Refused%' then raise exception 'event refused for the test'; end if;
        return new;
      end $$`.execute(t.database.db);
      await sql`create trigger refuse_marked_event before insert on outbox_events
      for each row execute function refuse_marked_event()`.execute(t.database.db);
      try {
        const refused = await given.start(manager, resource.id);
        expect(refused.statusCode).toBe(500);
        expect(await countWhere('usage_sessions', resource.id)).toBe(0);
      } finally {
        await sql`drop trigger refuse_marked_event on outbox_events`.execute(t.database.db);
      }
      // Nothing of the failed start is left: not the session, not a lock, not a broken connection.
      expect((await given.start(manager, resource.id)).statusCode).toBe(201);
      expect(await countWhere('usage_sessions', resource.id)).toBe(1);
    });
  },
);
