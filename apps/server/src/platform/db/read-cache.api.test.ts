import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS } from '../../domains/auth/auth-sessions.service.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { notificationsSettled } from '../../test/notifications-settled.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Cached reads must never outlive the data they were read from, whichever domain or statement
 * changed it, on either database (on PostgreSQL across instances too: read-cache-instances).
 */
describe.each(TEST_DIALECTS)('answers after a change on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let offsetMs = 0;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: { now: () => new Date(Date.now() + offsetMs) } });
    given = resourceFixtures(t);
  });
  afterAll(() => t?.close());

  const get = (auth: Record<string, string>, url: string) =>
    t.app.inject({ method: 'GET', url, headers: auth });

  it('shows a renamed user in the history at once, even when the name was changed outside the API', async () => {
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    await given.start(manager, resource.id);
    await given.end(manager, resource.id);
    const history = `/api/resources/${resource.id}/usage/history?page=1&limit=10`;
    expect((await get(manager.auth, history)).json().data[0].user.username).toBe(manager.username);
    expect((await get(manager.auth, history)).json().data[0].user.username).toBe(manager.username);

    await t.database.db
      .updateTable('users')
      .set({ username: `${manager.username}-r` })
      .where('id', '=', manager.id)
      .execute();
    expect((await get(manager.auth, history)).json().data[0].user.username).toBe(`${manager.username}-r`);
  });

  it('applies a permission change to the very next request of the user', async () => {
    const admin = await t.given.user({ canManageUsers: true });
    const member = await t.given.member();
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    const canControl = `/api/resources/${resource.id}/usage/can-control`;
    expect((await get(member.auth, canControl)).json()).toMatchObject({ canControl: false });
    expect((await get(member.auth, canControl)).json()).toMatchObject({ canControl: false });

    const granted = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${member.id}/permissions`,
      headers: admin.auth,
      payload: { canManageResources: true, canManageSystemConfiguration: false, canManageUsers: false },
    });
    expect(granted.statusCode).toBe(200);
    expect((await get(member.auth, canControl)).json()).toMatchObject({ canControl: true });
  });

  it('refuses a token at once after sign-out, and after its session expired with nothing written', async () => {
    const member = await t.given.member();
    expect((await get(member.auth, '/api/users/me')).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'DELETE', url: '/api/auth/session', headers: member.auth });
    expect(out.statusCode).toBeLessThan(300);
    expect((await get(member.auth, '/api/users/me')).statusCode).toBe(401);

    const other = await t.given.member();
    expect((await get(other.auth, '/api/users/me')).statusCode).toBe(200);
    offsetMs = SESSION_LIFETIME_MS + 1_000;
    try {
      expect((await get(other.auth, '/api/users/me')).statusCode).toBe(401);
    } finally {
      offsetMs = 0;
    }
  });

  it("keeps the sign-in state's cache through usage writes, and moves it on with an account change", async () => {
    const counter = t.database.changes;
    if (!counter) throw new Error('both databases count changes');
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    await until(() => counter.changes('accounts') !== undefined, 'the counter listens');
    // On PostgreSQL this instance hears its own writes again, as notifications.
    const settled = () => notificationsSettled(t.database, t.database.db);
    await settled();
    const accountsBefore = counter.changes('accounts');
    const allBefore = counter.changes('all') ?? 0;

    await given.start(manager, resource.id);
    await given.end(manager, resource.id);
    await settled();
    expect(counter.changes('all')).toBeGreaterThan(allBefore);
    expect(counter.changes('accounts')).toBe(accountsBefore);

    await t.database.db
      .updateTable('users')
      .set({ email: `${manager.username}@moved.test` })
      .where('id', '=', manager.id)
      .execute();
    await settled();
    expect(counter.changes('accounts')).toBeGreaterThan(accountsBefore ?? 0);
  });

  it('lists a resource changed by another domain (a group rename) with its new group name', async () => {
    const manager = await t.given.user({ canManageResources: true });
    const group = await given.group(manager);
    const resource = await given.resource(manager);
    await given.addToGroup(manager, group.id, resource.id);
    const list = `/api/resources?groupId=${group.id}&page=1&limit=10`;
    expect((await get(manager.auth, list)).json().data[0].groups).toEqual([
      { id: group.id, name: group.name },
    ]);

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/resource-groups/${group.id}`,
      headers: manager.auth,
      payload: { name: `${group.name} renamed` },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await get(manager.auth, list)).json().data[0].groups).toEqual([
      { id: group.id, name: `${group.name} renamed` },
    ]);
  });
});
