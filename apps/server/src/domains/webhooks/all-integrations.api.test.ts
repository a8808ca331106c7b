import { ResourceMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { sharedBroker, type TestBroker } from '../../test/mqtt-broker.ts';
import { mqttFixtures } from '../../test/mqtt-fixtures.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

type Actor = Awaited<ReturnType<TestApp['given']['user']>>;

/** The lists of every resource's webhooks and MQTT configurations (issue 28: the integrations page). */
describe.each(TEST_DIALECTS)('all integrations on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let mqtt: ReturnType<typeof mqttFixtures>;
  let manager: Actor;
  let broker: TestBroker;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    mqtt = mqttFixtures(t);
    manager = await t.given.user({ canManageResources: true });
    broker = await sharedBroker();
  });
  afterAll(async () => {
    await t?.close();
    await broker?.close();
  });

  const get = (url: string, actor: Actor | null = manager) =>
    t.app.inject({ method: 'GET', url, ...(actor ? { headers: actor.auth } : {}) });

  async function webhook(resourceId: number, name: string, fields: object = {}) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/resources/${resourceId}/webhooks`,
      headers: manager.auth,
      payload: { name, url: 'https://hooks.example.org/toolpass', ...fields },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; secret: string }>();
  }

  it('lists nothing before any resource has an integration', async () => {
    for (const url of ['/api/webhooks', '/api/mqtt/configurations']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual([]);
    }
  });

  it('lists every webhook with its resource, by resource name then name, without secrets or headers', async () => {
    const saw = await given.resource(manager, { name: 'saw' });
    const laser = await given.resource(manager, { name: 'Laser cutter' });
    const door = await webhook(saw.id, 'Door display', {
      method: 'PUT',
      headers: { Authorization: 'Bearer never-listed' },
    });
    const alarm = await webhook(saw.id, 'alarm');
    const lamp = await webhook(laser.id, 'Lamp', { active: false });

    const response = await get('/api/webhooks');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: lamp.id,
        resource: { id: laser.id, name: 'Laser cutter' },
        name: 'Lamp',
        url: 'https://hooks.example.org/toolpass',
        method: 'POST',
        active: false,
      },
      {
        id: alarm.id,
        resource: { id: saw.id, name: 'saw' },
        name: 'alarm',
        url: 'https://hooks.example.org/toolpass',
        method: 'POST',
        active: true,
      },
      {
        id: door.id,
        resource: { id: saw.id, name: 'saw' },
        name: 'Door display',
        url: 'https://hooks.example.org/toolpass',
        method: 'PUT',
        active: true,
      },
    ]);
    expect(response.body).not.toContain('never-listed');
    expect(response.body).not.toContain(door.secret);
  });

  it('lists every MQTT configuration with its resource and server, by resource name then name', async () => {
    const server = await mqtt.server(manager, { name: 'Hall broker', host: broker.host, port: broker.port });
    const lathe = await given.resource(manager, { name: 'Lathe' });
    const drill = await given.resource(manager, { name: 'Drill' });
    const relay = await mqtt.configuration(manager, lathe.id, server.id, { name: 'Relay', prefix: 'lathe' });
    const light = await mqtt.configuration(manager, drill.id, server.id, { name: 'Light', prefix: 'drill' });

    const response = await get('/api/mqtt/configurations');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: light.id,
        resource: { id: drill.id, name: 'Drill' },
        name: 'Light',
        server: { id: server.id, name: 'Hall broker' },
        inUseTopic: 'drill/in-use',
      },
      {
        id: relay.id,
        resource: { id: lathe.id, name: 'Lathe' },
        name: 'Relay',
        server: { id: server.id, name: 'Hall broker' },
        inUseTopic: 'lathe/in-use',
      },
    ]);
  });

  it('drops the integrations of a deleted resource from the lists', async () => {
    const press = await given.resource(manager, { name: 'Press' });
    await webhook(press.id, 'Press hook');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/resources/${press.id}`,
      headers: manager.auth,
    });
    expect(deleted.statusCode).toBe(200);
    const listed = (await get('/api/webhooks')).json<{ resource: { id: number } }[]>();
    expect(listed.some((entry) => entry.resource.id === press.id)).toBe(false);
  });

  it('answers 401 signed out and 403 without canManageResources, like the per-resource lists', async () => {
    const member = await t.given.member();
    for (const url of ['/api/webhooks', '/api/mqtt/configurations']) {
      expect((await get(url, null)).statusCode, url).toBe(401);
      const refused = await get(url, member);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message, url).toBe(ResourceMessages.forbiddenManageResources);
    }
  });
});
