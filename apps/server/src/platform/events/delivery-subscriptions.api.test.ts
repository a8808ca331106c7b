import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { sharedBroker } from '../../test/mqtt-broker.ts';
import { mqttFixtures } from '../../test/mqtt-fixtures.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';

type Actor = Awaited<ReturnType<TestApp['given']['user']>>;

describe.each(TEST_DIALECTS)('delivery subscriptions on %s', (dialect) => {
  let t: TestApp;
  let manager: Actor;
  let receiver: WebhookReceiver;
  let serverId: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    manager = await t.given.user({ canManageResources: true });
    receiver = await startWebhookReceiver();
    const broker = await sharedBroker();
    serverId = (await mqttFixtures(t).server(manager, { host: broker.host, port: broker.port })).id;
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  /** The rows of a resource as "kind id event-type", sorted. */
  async function rowsOf(resourceId: number): Promise<string[]> {
    const rows = await t.database.db
      .selectFrom('delivery_subscriptions')
      .select(['target_kind', 'target_id', 'event_type'])
      .where('resource_id', '=', resourceId)
      .execute();
    return rows.map((row) => `${row.target_kind} ${row.target_id} ${row.event_type}`).sort();
  }

  async function call(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    const response = await t.app.inject({
      method,
      url,
      headers: manager.auth,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.statusCode === 204 ? undefined : response.json<{ id: number }>();
  }

  it("follow a webhook's switch and flags through create, update, off, on and delete", async () => {
    const resource = await resourceFixtures(t).resource(manager);
    const base = `/api/resources/${resource.id}/webhooks`;
    const created = await call('POST', base, {
      name: 'Relay',
      url: receiver.url,
      sendOnStart: true,
      sendOnStop: true,
      sendOnTakeover: false,
    });
    const id = created?.id;
    expect(await rowsOf(resource.id)).toEqual([`webhook ${id} usage.ended`, `webhook ${id} usage.started`]);

    await call('PUT', `${base}/${id}`, { sendOnStop: false, sendOnTakeover: true });
    expect(await rowsOf(resource.id)).toEqual([
      `webhook ${id} usage.started`,
      `webhook ${id} usage.taken-over`,
    ]);

    await call('PUT', `${base}/${id}/status`, { active: false });
    expect(await rowsOf(resource.id)).toEqual([]);
    await call('PUT', `${base}/${id}/status`, { active: true });
    expect(await rowsOf(resource.id)).toHaveLength(2);

    await call('DELETE', `${base}/${id}`);
    expect(await rowsOf(resource.id)).toEqual([]);
  });

  it('give an MQTT configuration every usage event of its resource until it is deleted', async () => {
    const resource = await resourceFixtures(t).resource(manager);
    const configuration = await mqttFixtures(t).configuration(manager, resource.id, serverId);
    const id = configuration.id;
    const expected = [`mqtt ${id} usage.ended`, `mqtt ${id} usage.started`, `mqtt ${id} usage.taken-over`];
    expect(await rowsOf(resource.id)).toEqual(expected);

    await call('PUT', `/api/resources/${resource.id}/mqtt/config/${id}`, { name: 'Renamed' });
    expect(await rowsOf(resource.id)).toEqual(expected);

    await call('DELETE', `/api/resources/${resource.id}/mqtt/config/${id}`);
    expect(await rowsOf(resource.id)).toEqual([]);
  });

  it('go with their resource', async () => {
    const resource = await resourceFixtures(t).resource(manager);
    await mqttFixtures(t).configuration(manager, resource.id, serverId);
    await call('POST', `/api/resources/${resource.id}/webhooks`, { name: 'Relay', url: receiver.url });
    expect((await rowsOf(resource.id)).length).toBeGreaterThan(0);

    await call('DELETE', `/api/resources/${resource.id}`);
    expect(await rowsOf(resource.id)).toEqual([]);
  });

  it('decide which jobs a usage start writes, in its transaction', async () => {
    const resource = await resourceFixtures(t).resource(manager);
    const other = await resourceFixtures(t).resource(manager);
    const configuration = await mqttFixtures(t).configuration(manager, resource.id, serverId);
    const onStart = await call('POST', `/api/resources/${resource.id}/webhooks`, {
      name: 'On start',
      url: receiver.url,
      sendOnStart: true,
    });
    // Neither wants a start: one only for ends, one of another resource.
    await call('POST', `/api/resources/${resource.id}/webhooks`, {
      name: 'Ends only',
      url: receiver.url,
      sendOnStart: false,
      sendOnStop: true,
    });
    await call('POST', `/api/resources/${other.id}/webhooks`, { name: 'Elsewhere', url: receiver.url });

    await call('POST', `/api/resources/${resource.id}/usage/start`, {});
    const event = await t.database.db
      .selectFrom('outbox_events')
      .select('id')
      .where('type', '=', 'usage.started')
      .where('payload', 'like', `%"resourceId":${resource.id},%`)
      .executeTakeFirstOrThrow();
    const jobs = await t.database.db
      .selectFrom('delivery_jobs')
      .select(['target_kind', 'target_id', 'resource_id'])
      .where('event_id', '=', event.id)
      .execute();
    expect(jobs.map((job) => `${job.target_kind} ${job.target_id} ${job.resource_id}`).sort()).toEqual([
      `mqtt ${configuration.id} ${resource.id}`,
      `webhook ${onStart?.id} ${resource.id}`,
    ]);
  });

  it('give a target of every resource the events of its types, in transactions of one event and of several', async () => {
    const first = await resourceFixtures(t).resource(manager);
    const second = await resourceFixtures(t).resource(manager);
    const target = { target_kind: 'every-resource-test', target_id: dialect };
    await t.database.db
      .insertInto('delivery_subscriptions_every_resource')
      .values([{ ...target, event_type: 'resource.updated' }])
      .execute();
    const jobsOf = async (eventIds: number[]) =>
      (
        await t.database.db
          .selectFrom('delivery_jobs')
          .select(['event_id', 'resource_id'])
          .where('target_kind', '=', target.target_kind)
          .where('event_id', 'in', eventIds)
          .execute()
      )
        .map((job) => `${job.resource_id}`)
        .sort();
    const write = (events: { type: 'resource.updated' | 'resource.created'; resourceId: number }[]) =>
      t.services.pipeline.transaction(async (_tx, record) => {
        await record(
          events.map((event) => ({
            type: event.type,
            data: { resourceId: event.resourceId, resourceName: 'Test' },
          })),
        );
      });
    const eventIdsSince = async (after: number) =>
      (await t.database.db.selectFrom('outbox_events').select('id').where('id', '>', after).execute()).map(
        (row) => row.id,
      );
    const lastId = async () =>
      (await t.database.db.selectFrom('outbox_events').select('id').orderBy('id', 'desc').executeTakeFirst())
        ?.id ?? 0;

    const beforeOne = await lastId();
    await write([{ type: 'resource.updated', resourceId: first.id }]);
    expect(await jobsOf(await eventIdsSince(beforeOne))).toEqual([`${first.id}`]);

    const beforeSeveral = await lastId();
    await write([
      { type: 'resource.updated', resourceId: first.id },
      { type: 'resource.updated', resourceId: second.id },
      { type: 'resource.created', resourceId: second.id },
    ]);
    expect(await jobsOf(await eventIdsSince(beforeSeveral))).toEqual([`${first.id}`, `${second.id}`].sort());

    // Subscriptions are to resources: an event that names none is nobody's of them.
    const beforeNone = await lastId();
    await t.services.pipeline.transaction(async (_tx, record) => {
      await record([{ type: 'resource.updated', data: { resourceName: 'Test' } as never }]);
    });
    const unnamed = await eventIdsSince(beforeNone);
    expect(unnamed).toHaveLength(1);
    expect(await jobsOf(unnamed)).toEqual([]);

    await t.database.db.deleteFrom('delivery_jobs').where('target_kind', '=', target.target_kind).execute();
    await t.database.db
      .deleteFrom('delivery_subscriptions_every_resource')
      .where('target_kind', '=', target.target_kind)
      .execute();
  });
});
