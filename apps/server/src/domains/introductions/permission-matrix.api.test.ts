import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { multipart, resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

type Role = 'anonymous' | 'member' | 'introduced' | 'introducer' | 'groupIntroducer' | 'manager';
const SIGNED_IN: Role[] = ['member', 'introduced', 'introducer', 'groupIntroducer', 'manager'];
const USERS_OF_RESOURCE: Role[] = ['introduced', 'introducer', 'groupIntroducer', 'manager'];
const INTRODUCERS_OF_RESOURCE: Role[] = ['introducer', 'groupIntroducer', 'manager'];
const INTRODUCERS_OF_GROUP: Role[] = ['groupIntroducer', 'manager'];
const MANAGERS: Role[] = ['manager'];

/**
 * Every endpoint against every kind of caller: anonymous (401), a member, a member introduced
 * to the resource, an introducer of the resource, an introducer of its group, and a manager.
 * Allowed callers get a success; signed-in callers without the right get 403.
 */
describe.each(TEST_DIALECTS)('permission matrix on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let headers: Record<Role, Record<string, string>>;
  let resourceId: number;
  let groupId: number;
  let otherUserId: number;
  let manager: Awaited<ReturnType<TestApp['given']['user']>>;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    manager = await t.given.user({ canManageResources: true });
    const [member, introduced, introducer, groupIntroducer, other] = await Promise.all([
      t.given.member(),
      t.given.member(),
      t.given.member(),
      t.given.member(),
      t.given.member(),
    ]);
    resourceId = (await given.resource(manager, { name: 'Matrix resource' })).id;
    groupId = (await given.group(manager)).id;
    await given.addToGroup(manager, groupId, resourceId);
    await given.introduce(manager, resourceId, introduced.id);
    await given.makeIntroducer(manager, resourceId, introducer.id);
    await given.makeGroupIntroducer(manager, groupId, groupIntroducer.id);
    otherUserId = other.id;
    headers = {
      anonymous: {},
      member: member.auth,
      introduced: introduced.auth,
      introducer: introducer.auth,
      groupIntroducer: groupIntroducer.auth,
      manager: manager.auth,
    };
  });
  afterAll(() => t?.close());

  type Case = {
    name: string;
    allowed: Role[];
    request: () => Promise<InjectOptions>;
    /** Undoes a successful call so the next role starts from the same state. */
    cleanUp?: (role: Role) => Promise<void>;
  };
  const json = (method: InjectOptions['method'], url: string, payload?: object) => async () => ({
    method,
    url,
    ...(payload ? { payload } : {}),
  });
  const form = (method: 'POST' | 'PUT', url: () => string, fields: Record<string, string>) => async () => {
    const body = await multipart(fields);
    return { method, url: url(), headers: body.headers, payload: body.payload };
  };
  const freshResource = async () => (await given.resource(manager)).id;

  const cases: Case[] = [
    { name: 'GET /api/resources', allowed: SIGNED_IN, request: json('GET', '/api/resources') },
    { name: 'GET /api/resources/in-use', allowed: SIGNED_IN, request: json('GET', '/api/resources/in-use') },
    {
      name: 'GET /api/resources/{id}',
      allowed: SIGNED_IN,
      request: async () => ({ url: `/api/resources/${resourceId}` }),
    },
    {
      name: 'POST /api/resources',
      allowed: MANAGERS,
      request: form('POST', () => '/api/resources', { name: 'New' }),
    },
    {
      name: 'PUT /api/resources/{id}',
      allowed: MANAGERS,
      request: form('PUT', () => `/api/resources/${resourceId}`, { name: 'Matrix resource' }),
    },
    {
      name: 'PUT /api/resources/{id}/documentation',
      allowed: MANAGERS,
      request: async () => ({
        method: 'PUT',
        url: `/api/resources/${resourceId}/documentation`,
        payload: { documentationType: null },
      }),
    },
    {
      name: 'DELETE /api/resources/{id}',
      allowed: MANAGERS,
      request: async () => ({ method: 'DELETE', url: `/api/resources/${await freshResource()}` }),
    },
    {
      name: 'POST /api/resources/{id}/usage/start',
      allowed: USERS_OF_RESOURCE,
      request: async () => ({ method: 'POST', url: `/api/resources/${resourceId}/usage/start`, payload: {} }),
      cleanUp: async (role) => {
        await t.app.inject({
          method: 'PUT',
          url: `/api/resources/${resourceId}/usage/end`,
          headers: headers[role],
        });
      },
    },
    ...['active', 'can-control', 'history'].map((path) => ({
      name: `GET /api/resources/{id}/usage/${path}`,
      allowed: SIGNED_IN,
      request: async () => ({ url: `/api/resources/${resourceId}/usage/${path}` }),
    })),
    { name: 'GET /api/resource-groups', allowed: SIGNED_IN, request: json('GET', '/api/resource-groups') },
    {
      name: 'GET /api/resource-groups/{id}',
      allowed: SIGNED_IN,
      request: async () => ({ url: `/api/resource-groups/${groupId}` }),
    },
    {
      name: 'POST /api/resource-groups',
      allowed: MANAGERS,
      request: json('POST', '/api/resource-groups', { name: 'G' }),
    },
    {
      name: 'PUT /api/resource-groups/{id}',
      allowed: MANAGERS,
      request: async () => ({
        method: 'PUT',
        url: `/api/resource-groups/${groupId}`,
        payload: { name: 'Matrix group' },
      }),
    },
    {
      name: 'DELETE /api/resource-groups/{groupId}',
      allowed: MANAGERS,
      request: async () => ({
        method: 'DELETE',
        url: `/api/resource-groups/${(await given.group(manager)).id}`,
      }),
    },
    {
      name: 'POST /api/resource-groups/{groupId}/resources/{resourceId}',
      allowed: MANAGERS,
      request: async () => ({
        method: 'POST',
        url: `/api/resource-groups/${groupId}/resources/${await freshResource()}`,
      }),
    },
    {
      name: 'DELETE /api/resource-groups/{groupId}/resources/{resourceId}',
      allowed: MANAGERS,
      request: async () => ({
        method: 'DELETE',
        url: `/api/resource-groups/${groupId}/resources/${await freshResource()}`,
      }),
    },
    {
      name: 'GET /api/resources/{id}/introducers',
      allowed: SIGNED_IN,
      request: async () => ({ url: `/api/resources/${resourceId}/introducers` }),
    },
    {
      name: 'GET /api/resources/{id}/introducers/{userId}/is-introducer',
      allowed: SIGNED_IN,
      request: async () => ({ url: `/api/resources/${resourceId}/introducers/${otherUserId}/is-introducer` }),
    },
    {
      name: 'POST /api/resources/{id}/introducers/{userId}/grant',
      allowed: MANAGERS,
      request: async () => ({
        method: 'POST',
        url: `/api/resources/${resourceId}/introducers/${otherUserId}/grant`,
      }),
    },
    {
      name: 'DELETE /api/resources/{id}/introducers/{userId}/revoke',
      allowed: MANAGERS,
      request: async () => ({
        method: 'DELETE',
        url: `/api/resources/${resourceId}/introducers/${otherUserId}/revoke`,
      }),
    },
    {
      name: 'GET /api/resource-groups/{groupId}/introducers',
      allowed: SIGNED_IN,
      request: async () => ({ url: `/api/resource-groups/${groupId}/introducers` }),
    },
    {
      name: 'POST /api/resource-groups/{groupId}/introducers/{userId}/grant',
      allowed: MANAGERS,
      request: async () => ({
        method: 'POST',
        url: `/api/resource-groups/${groupId}/introducers/${otherUserId}/grant`,
      }),
    },
    {
      name: 'POST /api/resource-groups/{groupId}/introducers/{userId}/revoke',
      allowed: MANAGERS,
      request: async () => ({
        method: 'POST',
        url: `/api/resource-groups/${groupId}/introducers/${otherUserId}/revoke`,
      }),
    },
    {
      name: 'GET /api/resources/{id}/introductions',
      allowed: INTRODUCERS_OF_RESOURCE,
      request: async () => ({ url: `/api/resources/${resourceId}/introductions` }),
    },
    {
      name: 'POST /api/resources/{id}/introductions/{userId}/grant',
      allowed: INTRODUCERS_OF_RESOURCE,
      request: async () => ({
        method: 'POST',
        url: `/api/resources/${resourceId}/introductions/${otherUserId}/grant`,
        payload: { comment: 'matrix' },
      }),
    },
    {
      name: 'DELETE /api/resources/{id}/introductions/{userId}/revoke',
      allowed: INTRODUCERS_OF_RESOURCE,
      request: async () => ({
        method: 'DELETE',
        url: `/api/resources/${resourceId}/introductions/${otherUserId}/revoke`,
        payload: {},
      }),
    },
    {
      name: 'GET /api/resources/{id}/introductions/{userId}/history',
      allowed: INTRODUCERS_OF_RESOURCE,
      request: async () => ({ url: `/api/resources/${resourceId}/introductions/${otherUserId}/history` }),
    },
    {
      name: 'GET /api/resource-groups/{groupId}/introductions',
      allowed: INTRODUCERS_OF_GROUP,
      request: async () => ({ url: `/api/resource-groups/${groupId}/introductions` }),
    },
    {
      name: 'POST /api/resource-groups/{groupId}/introductions/{userId}/grant',
      allowed: INTRODUCERS_OF_GROUP,
      request: async () => ({
        method: 'POST',
        url: `/api/resource-groups/${groupId}/introductions/${otherUserId}/grant`,
        payload: {},
      }),
    },
    {
      name: 'POST /api/resource-groups/{groupId}/introductions/{userId}/revoke',
      allowed: INTRODUCERS_OF_GROUP,
      request: async () => ({
        method: 'POST',
        url: `/api/resource-groups/${groupId}/introductions/${otherUserId}/revoke`,
        payload: {},
      }),
    },
    {
      name: 'GET /api/resource-groups/{groupId}/introductions/{userId}/history',
      allowed: INTRODUCERS_OF_GROUP,
      request: async () => ({ url: `/api/resource-groups/${groupId}/introductions/${otherUserId}/history` }),
    },
  ];

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', async (_, entry) => {
    const outcome: Partial<Record<Role, number | 'ok'>> = {};
    const expected: Partial<Record<Role, number | 'ok'>> = {};
    for (const role of ['anonymous', ...SIGNED_IN] as Role[]) {
      const options = await entry.request();
      const response = await t.app.inject({ ...options, headers: { ...options.headers, ...headers[role] } });
      const allowed = entry.allowed.includes(role);
      outcome[role] = allowed && response.statusCode < 300 ? 'ok' : response.statusCode;
      expected[role] = allowed ? 'ok' : role === 'anonymous' ? 401 : 403;
      if (allowed && response.statusCode < 300) await entry.cleanUp?.(role);
    }
    expect(outcome).toEqual(expected);
  });

  it('GET /api/resources/{id}/events needs sign-in', async () => {
    const response = await t.app.inject({ url: `/api/resources/${resourceId}/events` });
    expect(response.statusCode).toBe(401);
  });
});
