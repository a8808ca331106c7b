import { Messages, ResourceMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

describe.each(TEST_DIALECTS)('GET /api/users/search on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let manager: Awaited<ReturnType<TestApp['given']['user']>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    manager = await t.given.user({ canManageResources: true });
  });
  afterAll(() => t?.close());

  const search = (auth: { authorization: string } | undefined, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/search?${query}`, ...(auth ? { headers: auth } : {}) });

  it('finds users by part of the username, with id and username only', async () => {
    const wanted = await t.given.member();
    const response = await search(manager.auth, `search=${wanted.username.slice(2).toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 1, page: 1, limit: 10, totalPages: 1 });
    expect(body.data).toEqual([{ id: wanted.id, username: wanted.username }]);
  });

  it('does not match on email addresses, which pickers must not reveal', async () => {
    const wanted = await t.given.member();
    const response = await search(manager.auth, 'search=example.org');
    expect(response.json().data).not.toContainEqual(expect.objectContaining({ id: wanted.id }));
  });

  it('treats % and _ in the search text literally', async () => {
    const response = await search(manager.auth, `search=${encodeURIComponent('%_')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().total).toBe(0);
  });

  it('pages the results in a stable order', async () => {
    const members = await Promise.all([t.given.member(), t.given.member(), t.given.member()]);
    const first = await search(manager.auth, 'limit=2&page=1');
    const second = await search(manager.auth, 'limit=2&page=2');
    const names = [...first.json().data, ...second.json().data].map((user) => user.username);
    expect(second.json()).toMatchObject({ page: 2, limit: 2, totalPages: Math.ceil(first.json().total / 2) });
    expect(first.json().total).toBeGreaterThanOrEqual(members.length + 1);
    // Two pages of a stable order: four different users, none repeated.
    expect(new Set(names).size).toBe(4);
  });

  it('is open to user managers and to introducers of a resource or a group', async () => {
    const userManager = await t.given.userManager();
    const introducer = await t.given.member();
    const groupIntroducer = await t.given.member();
    const resource = await given.resource(manager);
    const group = await given.group(manager);
    await given.makeIntroducer(manager, resource.id, introducer.id);
    await given.makeGroupIntroducer(manager, group.id, groupIntroducer.id);
    for (const actor of [userManager, introducer, groupIntroducer]) {
      expect((await search(actor.auth, 'search=user')).statusCode).toBe(200);
    }
  });

  it('refuses plain members with 403 and visitors with 401', async () => {
    const member = await t.given.member();
    const forbidden = await search(member.auth, 'search=user');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(ResourceMessages.forbiddenSearchUsers);
    const anonymous = await search(undefined, 'search=user');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(Messages.unauthorized);
  });

  it('answers 400 for a bad page', async () => {
    expect((await search(manager.auth, 'page=0')).statusCode).toBe(400);
  });
});
