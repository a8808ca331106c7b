import { Messages, ResourceMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

describe.each(TEST_DIALECTS)('introducers and introductions on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let manager: Awaited<ReturnType<TestApp['given']['user']>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    manager = await t.given.user({ canManageResources: true });
  });
  afterAll(() => t?.close());

  type Actor = { auth: { authorization: string } };
  const request = (method: 'GET' | 'POST' | 'DELETE', url: string, actor?: Actor, payload?: object) =>
    t.app.inject({ method, url, ...(actor ? { headers: actor.auth } : {}), ...(payload ? { payload } : {}) });

  describe('resource introducers', () => {
    it('grants, lists by username, answers is-introducer and revokes', async () => {
      const resource = await given.resource(manager);
      const member = await t.given.member();
      const granted = await request(
        'POST',
        `/api/resources/${resource.id}/introducers/${member.id}/grant`,
        manager,
      );
      expect(granted.statusCode).toBe(200);
      expect(granted.json()).toEqual({
        id: expect.any(Number),
        userId: member.id,
        user: { id: member.id, username: member.username },
      });
      // Granting twice is harmless.
      await request('POST', `/api/resources/${resource.id}/introducers/${member.id}/grant`, manager);
      const list = await request('GET', `/api/resources/${resource.id}/introducers`, member);
      expect(list.json()).toEqual([granted.json()]);
      const is = await request(
        'GET',
        `/api/resources/${resource.id}/introducers/${member.id}/is-introducer`,
        member,
      );
      expect(is.json()).toEqual({ isIntroducer: true });
      const revoked = await request(
        'DELETE',
        `/api/resources/${resource.id}/introducers/${member.id}/revoke`,
        manager,
      );
      expect(revoked.statusCode).toBe(200);
      const after = await request(
        'GET',
        `/api/resources/${resource.id}/introducers/${member.id}/is-introducer`,
        member,
      );
      expect(after.json()).toEqual({ isIntroducer: false });
    });

    it('counts an introducer of one of the resource groups as an introducer of the resource', async () => {
      const resource = await given.resource(manager);
      const group = await given.group(manager);
      await given.addToGroup(manager, group.id, resource.id);
      const member = await t.given.member();
      await given.makeGroupIntroducer(manager, group.id, member.id);
      const is = await request(
        'GET',
        `/api/resources/${resource.id}/introducers/${member.id}/is-introducer`,
        member,
      );
      expect(is.json()).toEqual({ isIntroducer: true });
    });

    it('needs canManageResources to grant and revoke; 404 for a missing resource or user', async () => {
      const resource = await given.resource(manager);
      const member = await t.given.member();
      const forbidden = await request(
        'POST',
        `/api/resources/${resource.id}/introducers/${member.id}/grant`,
        member,
      );
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe(ResourceMessages.forbiddenManageResources);
      const revoke = await request(
        'DELETE',
        `/api/resources/${resource.id}/introducers/${member.id}/revoke`,
        member,
      );
      expect(revoke.statusCode).toBe(403);
      const noResource = await request(
        'POST',
        `/api/resources/999999/introducers/${member.id}/grant`,
        manager,
      );
      expect(noResource.statusCode).toBe(404);
      expect(noResource.json().message).toBe(ResourceMessages.resourceNotFound);
      const noUser = await request('POST', `/api/resources/${resource.id}/introducers/999999/grant`, manager);
      expect(noUser.statusCode).toBe(404);
      expect(noUser.json().message).toBe(Messages.userNotFound);
      expect((await request('GET', `/api/resources/${resource.id}/introducers`)).statusCode).toBe(401);
    });
  });

  describe('group introducers', () => {
    it('grants, lists, answers is-introducer and revokes (revoke is a POST)', async () => {
      const group = await given.group(manager);
      const member = await t.given.member();
      const granted = await request(
        'POST',
        `/api/resource-groups/${group.id}/introducers/${member.id}/grant`,
        manager,
      );
      expect(granted.json()).toMatchObject({
        userId: member.id,
        user: { id: member.id, username: member.username },
      });
      const list = await request('GET', `/api/resource-groups/${group.id}/introducers`, member);
      expect(list.json()).toEqual([granted.json()]);
      const is = await request(
        'GET',
        `/api/resource-groups/${group.id}/introducers/${member.id}/is-introducer`,
        member,
      );
      expect(is.json()).toEqual({ isIntroducer: true });
      await request('POST', `/api/resource-groups/${group.id}/introducers/${member.id}/revoke`, manager);
      const after = await request(
        'GET',
        `/api/resource-groups/${group.id}/introducers/${member.id}/is-introducer`,
        member,
      );
      expect(after.json()).toEqual({ isIntroducer: false });
    });

    it('answers 404 with the group text for a missing group', async () => {
      const response = await request('GET', '/api/resource-groups/999999/introducers', manager);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ResourceMessages.resourceGroupNotFound);
    });
  });

  describe('resource introductions', () => {
    it('grants and revokes with comments; history newest first; validity follows the newest entry', async () => {
      const resource = await given.resource(manager);
      const introducer = await t.given.member();
      await given.makeIntroducer(manager, resource.id, introducer.id);
      const member = await t.given.member();
      const url = `/api/resources/${resource.id}/introductions/${member.id}`;

      const granted = await request('POST', `${url}/grant`, introducer, {
        comment: ' Safety briefing done ',
      });
      expect(granted.statusCode).toBe(200);
      expect(granted.json()).toMatchObject({
        receiverUserId: member.id,
        receiverUser: { id: member.id, username: member.username },
        hasValidIntroduction: true,
        history: [{ action: 'grant', comment: 'Safety briefing done' }],
      });
      const revoked = await request('DELETE', `${url}/revoke`, manager, { comment: 'Ignored the rules' });
      expect(revoked.json().hasValidIntroduction).toBe(false);
      // Without a body at all.
      const regranted = await request('POST', `${url}/grant`, manager);
      expect(regranted.statusCode).toBe(200);

      const history = await request('GET', `${url}/history`, introducer);
      expect(history.statusCode).toBe(200);
      expect(history.json().map((entry: { action: string }) => entry.action)).toEqual([
        'grant',
        'revoke',
        'grant',
      ]);
      expect(history.json()[1]).toEqual({
        id: expect.any(Number),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        action: 'revoke',
        comment: 'Ignored the rules',
      });

      const list = await request('GET', `/api/resources/${resource.id}/introductions`, introducer);
      expect(list.json()).toEqual([
        expect.objectContaining({ receiverUserId: member.id, hasValidIntroduction: true }),
      ]);
      expect(list.json()[0].history).toHaveLength(3);
    });

    it('answers 401 "User is not authenticated" without a token', async () => {
      for (const [method, path] of [
        ['GET', '/api/resources/1/introductions'],
        ['POST', '/api/resources/1/introductions/1/grant'],
        ['DELETE', '/api/resources/1/introductions/1/revoke'],
        ['GET', '/api/resources/1/introductions/1/history'],
      ] as const) {
        const response = await request(method, path);
        expect(response.statusCode).toBe(401);
        expect(response.json().message).toBe(ResourceMessages.userNotAuthenticated);
      }
    });

    it('answers 403 to members and introduced members, 404 for a missing resource or user', async () => {
      const resource = await given.resource(manager);
      const member = await t.given.member();
      const introduced = await t.given.member();
      await given.introduce(manager, resource.id, introduced.id);
      for (const actor of [member, introduced]) {
        const response = await request(
          'POST',
          `/api/resources/${resource.id}/introductions/${member.id}/grant`,
          actor,
          {},
        );
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(ResourceMessages.forbiddenIntroduceResource);
      }
      const list = await request('GET', `/api/resources/${resource.id}/introductions`, member);
      expect(list.statusCode).toBe(403);
      const noResource = await request('GET', '/api/resources/999999/introductions', manager);
      expect(noResource.statusCode).toBe(404);
      expect(noResource.json().message).toBe(ResourceMessages.resourceNotFound);
      const noUser = await request(
        'POST',
        `/api/resources/${resource.id}/introductions/999999/grant`,
        manager,
        {},
      );
      expect(noUser.statusCode).toBe(404);
      expect(noUser.json().message).toBe(Messages.userNotFound);
    });
  });

  describe('group introductions', () => {
    it('lets a group introducer grant and revoke (both POST), and lists them', async () => {
      const group = await given.group(manager);
      const introducer = await t.given.member();
      await given.makeGroupIntroducer(manager, group.id, introducer.id);
      const member = await t.given.member();
      const url = `/api/resource-groups/${group.id}/introductions/${member.id}`;
      const granted = await request('POST', `${url}/grant`, introducer, { comment: 'Woodshop tour' });
      expect(granted.json()).toMatchObject({
        hasValidIntroduction: true,
        history: [{ comment: 'Woodshop tour' }],
      });
      const revoked = await request('POST', `${url}/revoke`, introducer, {});
      expect(revoked.json().hasValidIntroduction).toBe(false);
      const history = await request('GET', `${url}/history`, manager);
      expect(history.json().map((entry: { action: string }) => entry.action)).toEqual(['revoke', 'grant']);
      const list = await request('GET', `/api/resource-groups/${group.id}/introductions`, introducer);
      expect(list.json()).toEqual([
        expect.objectContaining({ receiverUserId: member.id, hasValidIntroduction: false }),
      ]);
    });

    it('answers 403 with the group text to a resource introducer, 404 for a missing group', async () => {
      const group = await given.group(manager);
      const resource = await given.resource(manager);
      await given.addToGroup(manager, group.id, resource.id);
      const resourceIntroducer = await t.given.member();
      await given.makeIntroducer(manager, resource.id, resourceIntroducer.id);
      const response = await request(
        'POST',
        `/api/resource-groups/${group.id}/introductions/${manager.id}/grant`,
        resourceIntroducer,
        {},
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(ResourceMessages.forbiddenIntroduceResourceGroup);
      const missing = await request('GET', '/api/resource-groups/999999/introductions', manager);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(ResourceMessages.resourceGroupNotFound);
    });
  });

  it('answers 403 or 404 before it looks at the body, to a caller who may not introduce (spec 02 §6)', async () => {
    const resource = await given.resource(manager);
    const group = await given.group(manager);
    const member = await t.given.member();
    const badBody = { comment: 5 };
    const cases = [
      [
        'POST',
        `/api/resources/${resource.id}/introductions/${member.id}/grant`,
        403,
        ResourceMessages.forbiddenIntroduceResource,
      ],
      [
        'DELETE',
        `/api/resources/${resource.id}/introductions/${member.id}/revoke`,
        403,
        ResourceMessages.forbiddenIntroduceResource,
      ],
      [
        'POST',
        `/api/resource-groups/${group.id}/introductions/${member.id}/grant`,
        403,
        ResourceMessages.forbiddenIntroduceResourceGroup,
      ],
      [
        'POST',
        `/api/resource-groups/${group.id}/introductions/${member.id}/revoke`,
        403,
        ResourceMessages.forbiddenIntroduceResourceGroup,
      ],
      [
        'POST',
        `/api/resource-groups/999999/introductions/${member.id}/grant`,
        404,
        ResourceMessages.resourceGroupNotFound,
      ],
    ] as const;
    for (const [method, url, status, message] of cases) {
      const response = await request(method, url, member, badBody);
      expect(response.statusCode, url).toBe(status);
      expect(response.json().message, url).toBe(message);
    }
    // Whoever may introduce still gets the body's 400.
    const refused = await request(
      'POST',
      `/api/resources/${resource.id}/introductions/${member.id}/grant`,
      manager,
      badBody,
    );
    expect(refused.statusCode).toBe(400);
  });
});
