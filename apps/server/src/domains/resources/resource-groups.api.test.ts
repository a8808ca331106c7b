import { ResourceMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

describe.each(TEST_DIALECTS)('resource groups on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let manager: Awaited<ReturnType<TestApp['given']['user']>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    manager = await t.given.user({ canManageResources: true });
  });
  afterAll(() => t?.close());

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    actor = manager,
  ) => t.app.inject({ method, url, headers: actor.auth, ...(payload ? { payload } : {}) });

  describe('POST /api/resource-groups', () => {
    it('creates a group with a trimmed name; an empty description is none', async () => {
      const response = await request('POST', '/api/resource-groups', {
        name: '  Woodshop  ',
        description: '  ',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        name: 'Woodshop',
        description: null,
        introductionValidForDays: null,
        introductionExpiresAfterUnusedDays: null,
      });
    });

    it('answers 400 with a field message for a blank name, 403 for members', async () => {
      const blank = await request('POST', '/api/resource-groups', { name: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors).toHaveProperty('name');
      const member = await t.given.member();
      const forbidden = await request('POST', '/api/resource-groups', { name: 'x' }, member);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe(ResourceMessages.forbiddenManageResources);
    });
  });

  describe('GET /api/resource-groups and /api/resource-groups/{id}', () => {
    it('lists groups by name and answers one group to any signed-in user', async () => {
      const b = await given.group(manager, 'zz-b');
      const a = await given.group(manager, 'zz-a');
      const member = await t.given.member();
      const list = await request('GET', '/api/resource-groups', undefined, member);
      const names = list.json().map((group: { name: string }) => group.name);
      expect(names.indexOf('zz-a')).toBeLessThan(names.indexOf('zz-b'));
      const one = await request('GET', `/api/resource-groups/${a.id}`, undefined, member);
      expect(one.json()).toEqual({
        id: a.id,
        name: 'zz-a',
        description: null,
        introductionValidForDays: null,
        introductionExpiresAfterUnusedDays: null,
      });
      expect(b.id).not.toBe(a.id);
    });

    it('answers 404 with the specification text', async () => {
      const response = await request('GET', '/api/resource-groups/999999');
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ResourceMessages.resourceGroupNotFound);
    });
  });

  describe('PUT /api/resource-groups/{id}', () => {
    it('renames and describes a group', async () => {
      const group = await given.group(manager);
      const response = await request('PUT', `/api/resource-groups/${group.id}`, {
        name: ' Metal ',
        description: ' Welding and grinding ',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: group.id,
        name: 'Metal',
        description: 'Welding and grinding',
        introductionValidForDays: null,
        introductionExpiresAfterUnusedDays: null,
      });
    });

    it('answers 404 for a missing group', async () => {
      const response = await request('PUT', '/api/resource-groups/999999', { name: 'x' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ResourceMessages.resourceGroupNotFound);
    });
  });

  describe('POST and DELETE /api/resource-groups/{groupId}/resources/{resourceId}', () => {
    it('adds a resource (twice is harmless) and removes it', async () => {
      const group = await given.group(manager);
      const resource = await given.resource(manager);
      const added = await request('POST', `/api/resource-groups/${group.id}/resources/${resource.id}`);
      expect(added.statusCode).toBe(200);
      expect(added.json().groups).toEqual([{ id: group.id, name: group.name }]);
      const twice = await request('POST', `/api/resource-groups/${group.id}/resources/${resource.id}`);
      expect(twice.json().groups).toHaveLength(1);
      const removed = await request('DELETE', `/api/resource-groups/${group.id}/resources/${resource.id}`);
      expect(removed.json().groups).toEqual([]);
    });

    it('answers 404 for a missing group or resource', async () => {
      const group = await given.group(manager);
      const resource = await given.resource(manager);
      const noGroup = await request('POST', `/api/resource-groups/999999/resources/${resource.id}`);
      expect(noGroup.json().message).toBe(ResourceMessages.resourceGroupNotFound);
      const noResource = await request('POST', `/api/resource-groups/${group.id}/resources/999999`);
      expect(noResource.statusCode).toBe(404);
      expect(noResource.json().message).toBe(ResourceMessages.resourceNotFound);
    });
  });

  describe('DELETE /api/resource-groups/{groupId}', () => {
    it('deletes the group with its introductions; its resources stay', async () => {
      const group = await given.group(manager);
      const resource = await given.resource(manager);
      await given.addToGroup(manager, group.id, resource.id);
      const member = await t.given.member();
      await given.introduceToGroup(manager, group.id, member.id);
      expect((await request('DELETE', `/api/resource-groups/${group.id}`)).statusCode).toBe(200);
      const kept = await request('GET', `/api/resources/${resource.id}`);
      expect(kept.json().groups).toEqual([]);
      // The group introduction went with the group.
      expect((await given.start(member, resource.id)).statusCode).toBe(403);
      const again = await request('DELETE', `/api/resource-groups/${group.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(ResourceMessages.resourceGroupNotFound);
    });
  });
});
