import type { AuditEntry } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, unique } from '../../test/build-test-app.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { createNfcCardsRepository } from '../readers/nfc-cards.repository.ts';
import { createReadersRepository } from '../readers/readers.repository.ts';

type Actor = Awaited<ReturnType<TestApp['given']['user']>>;

const MQTT_PASSWORD = 'mqtt-password-never-logged';
const SSO_SECRET = 'sso-client-secret-never-logged';

describe.each(TEST_DIALECTS)('the audit log on %s', (dialect) => {
  let t: TestApp;
  let admin: Actor;
  let given: ReturnType<typeof resourceFixtures>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await t.given.administrator();
    given = resourceFixtures(t);
  });
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    actor: Actor | null = admin,
  ) =>
    t.app.inject({
      method,
      url,
      ...(actor ? { headers: actor.auth } : {}),
      ...(payload ? { payload } : {}),
    });

  /** The entries about one target, newest first. */
  async function entriesOf(type: string, id: number | string): Promise<AuditEntry[]> {
    const response = await call('GET', `/api/audit-log?targetType=${type}&targetId=${id}&limit=100`);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }
  const allRows = () => t.database.db.selectFrom('audit_log').selectAll().execute();

  describe('what is recorded', () => {
    it('records a permission change with the actor, the user and the fields before and after', async () => {
      const member = await t.given.member();
      const response = await call('PATCH', `/api/users/${member.id}/permissions`, {
        canManageResources: true,
      });
      expect(response.statusCode).toBe(200);
      const entries = await entriesOf('user', member.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toEqual({
        id: expect.any(Number),
        at: expect.any(String),
        actor: { id: admin.id, username: admin.username },
        action: 'user.permissions-changed',
        target: { type: 'user', id: String(member.id), name: member.username },
        changes: { canManageResources: { before: false, after: true } },
      });
    });

    it('writes nothing when a change fails: a bulk update with an unknown user changes nobody', async () => {
      const member = await t.given.member();
      const before = (await allRows()).length;
      const response = await call('POST', '/api/users/permissions', {
        updates: [
          { userId: member.id, permissions: { canManageResources: true } },
          { userId: 2_000_000_000, permissions: { canManageResources: true } },
        ],
      });
      expect(response.statusCode).toBe(404);
      expect(await allRows()).toHaveLength(before);
      expect(await entriesOf('user', member.id)).toEqual([]);
    });

    it('records an email set by a user manager, and a registration', async () => {
      const member = await t.given.member();
      const newEmail = `${unique('moved')}@example.org`;
      expect((await call('PATCH', `/api/users/${member.id}/email`, { newEmail })).statusCode).toBe(200);
      const [changed] = await entriesOf('user', member.id);
      expect(changed).toMatchObject({
        action: 'user.email-changed',
        actor: { id: admin.id },
        changes: { email: { before: member.email, after: newEmail } },
      });

      const username = unique('newbie');
      const registered = await call(
        'POST',
        '/api/users',
        {
          username,
          email: `${username}@example.org`,
          password: 'correct horse battery',
          strategy: 'local_password',
        },
        null,
      );
      expect(registered.statusCode).toBe(201);
      const [created] = await entriesOf('user', registered.json().id);
      expect(created).toMatchObject({
        action: 'user.created',
        actor: { id: registered.json().id, username },
        changes: {
          username: { before: null, after: username },
          canManageUsers: { before: null, after: false },
        },
      });
      expect(JSON.stringify(created)).not.toContain('correct horse battery');
    });

    it('records resources created, updated with the changed fields only, and deleted', async () => {
      const resource = await given.resource(admin, { name: unique('Lathe') });
      const renamed = unique('Big lathe');
      const form = new FormData();
      form.append('name', renamed);
      const request = new Request('http://x/', { method: 'PUT', body: form });
      const updated = await t.app.inject({
        method: 'PUT',
        url: `/api/resources/${resource.id}`,
        headers: { ...admin.auth, 'content-type': request.headers.get('content-type') ?? '' },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(updated.statusCode).toBe(200);
      expect((await call('DELETE', `/api/resources/${resource.id}`)).statusCode).toBe(200);
      const [deleted, update, created] = await entriesOf('resource', resource.id);
      expect(created).toMatchObject({
        action: 'resource.created',
        target: { type: 'resource', id: String(resource.id), name: resource.name },
        changes: {
          name: { before: null, after: resource.name },
          allowTakeOver: { before: null, after: false },
        },
      });
      expect(update).toMatchObject({ action: 'resource.updated', target: { name: renamed } });
      expect(update?.changes).toEqual({ name: { before: resource.name, after: renamed } });
      expect(deleted).toMatchObject({
        action: 'resource.deleted',
        changes: { name: { before: renamed, after: null } },
      });
    });

    it('records the safety settings: a maximum session length, out of order and back in service', async () => {
      const resource = await given.resource(admin, { name: unique('Laser') });
      const form = new FormData();
      form.append('maxSessionMinutes', '90');
      const request = new Request('http://x/', { method: 'PUT', body: form });
      const updated = await t.app.inject({
        method: 'PUT',
        url: `/api/resources/${resource.id}`,
        headers: { ...admin.auth, 'content-type': request.headers.get('content-type') ?? '' },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(updated.statusCode).toBe(200);
      const path = `/api/resources/${resource.id}/out-of-order`;
      expect((await call('PUT', path, { reason: 'Lens cracked', endRunningSession: false })).statusCode).toBe(
        200,
      );
      expect((await call('DELETE', path)).statusCode).toBe(200);
      const [back, out, limit] = await entriesOf('resource', resource.id);
      expect(limit).toMatchObject({
        action: 'resource.updated',
        changes: { maxSessionMinutes: { before: null, after: 90 } },
      });
      expect(out).toMatchObject({
        action: 'resource.out-of-order',
        actor: { id: admin.id },
        changes: { outOfOrder: { before: null, after: 'Lens cracked' } },
      });
      expect(back).toMatchObject({
        action: 'resource.back-in-service',
        changes: { outOfOrder: { before: 'Lens cracked', after: null } },
      });
    });

    it('records groups created, renamed, given a resource and deleted', async () => {
      const group = await given.group(admin, unique('Wood'));
      const resource = await given.resource(admin);
      expect(
        (await call('PUT', `/api/resource-groups/${group.id}`, { name: `${group.name} shop` })).statusCode,
      ).toBe(200);
      await given.addToGroup(admin, group.id, resource.id);
      expect((await call('DELETE', `/api/resource-groups/${group.id}`)).statusCode).toBe(200);
      const entries = await entriesOf('resource-group', group.id);
      expect(entries.map((entry) => entry.action)).toEqual([
        'resource-group.deleted',
        'resource-group.resource-added',
        'resource-group.updated',
        'resource-group.created',
      ]);
      expect(entries[1]?.changes).toEqual({ resource: { before: null, after: resource.name } });
      expect(entries[2]?.changes).toEqual({ name: { before: group.name, after: `${group.name} shop` } });
    });

    it('records introductions and introducers granted and revoked, one target per person and resource', async () => {
      const resource = await given.resource(admin);
      const member = await t.given.member();
      await given.introduce(admin, resource.id, member.id);
      // Resources revoke with DELETE (spec 02 §8), groups with POST.
      const revoked = await call(
        'DELETE',
        `/api/resources/${resource.id}/introductions/${member.id}/revoke`,
        {
          comment: 'Left the space',
        },
      );
      expect(revoked.statusCode).toBe(200);
      await given.makeIntroducer(admin, resource.id, member.id);
      const entries = await entriesOf('introduction', `resource:${resource.id}:user:${member.id}`);
      expect(entries.map((entry) => entry.action)).toEqual([
        'introducer.granted',
        'introduction.revoked',
        'introduction.granted',
      ]);
      expect(entries[0]?.target.name).toBe(`${member.username} – ${resource.name}`);
      expect(entries[1]?.changes).toEqual({
        introduced: { before: true, after: false },
        comment: { before: null, after: 'Left the space' },
      });
      expect(entries[2]?.changes).toEqual({ introduced: { before: false, after: true } });
    });

    it('records MQTT servers and configurations, the password only as "changed"', async () => {
      const created = await call('POST', '/api/mqtt/servers', {
        name: unique('Broker'),
        host: '127.0.0.1',
        port: 1883,
        username: 'relay',
        password: MQTT_PASSWORD,
      });
      expect(created.statusCode).toBe(201);
      const server = created.json();
      expect(
        (await call('PUT', `/api/mqtt/servers/${server.id}`, { password: `${MQTT_PASSWORD}-2` })).statusCode,
      ).toBe(200);
      const [updated, first] = await entriesOf('mqtt-server', server.id);
      expect(first?.changes.password).toEqual({ before: null, after: 'changed' });
      expect(updated).toMatchObject({
        action: 'mqtt-server.updated',
        changes: { password: { before: null, after: 'changed' } },
      });

      const resource = await given.resource(admin);
      const configuration = await call('POST', `/api/resources/${resource.id}/mqtt/config`, {
        name: 'Relay',
        serverId: server.id,
        inUseTopic: 'lab/{{id}}/power',
        inUseMessage: 'ON',
        notInUseTopic: 'lab/{{id}}/power',
        notInUseMessage: 'OFF',
      });
      expect(configuration.statusCode).toBe(201);
      const [configured] = await entriesOf('mqtt-configuration', configuration.json().id);
      expect(configured).toMatchObject({
        action: 'mqtt-configuration.created',
        changes: {
          inUseMessage: { before: null, after: 'ON' },
          serverId: { before: null, after: server.id },
        },
      });
    });

    it('records webhooks and SSO providers without their secrets', async () => {
      const resource = await given.resource(admin);
      const webhook = await call('POST', `/api/resources/${resource.id}/webhooks`, {
        name: 'Door display',
        url: 'http://127.0.0.1:9/hook',
      });
      expect(webhook.statusCode).toBe(201);
      const secret: string = webhook.json().secret;
      const regenerated = await call(
        'POST',
        `/api/resources/${resource.id}/webhooks/${webhook.json().id}/regenerate-secret`,
      );
      expect(regenerated.statusCode).toBe(200);
      const [renewed, made] = await entriesOf('webhook', webhook.json().id);
      expect(made?.action).toBe('webhook.created');
      expect(made?.changes.secret).toEqual({ before: null, after: 'changed' });
      expect(renewed).toMatchObject({
        action: 'webhook.updated',
        changes: { secret: { before: null, after: 'changed' } },
      });

      const provider = await call('POST', '/api/auth/sso/providers', {
        name: unique('Keycloak'),
        type: 'OIDC',
        oidcConfiguration: {
          issuer: 'https://sso.example.edu/realms/lab',
          authorizationURL: 'https://sso.example.edu/auth',
          tokenURL: 'https://sso.example.edu/token',
          userInfoURL: 'https://sso.example.edu/userinfo',
          clientId: 'toolpass',
          clientSecret: SSO_SECRET,
        },
      });
      expect(provider.statusCode).toBe(201);
      expect((await call('DELETE', `/api/auth/sso/providers/${provider.json().id}`)).statusCode).toBe(200);
      const [gone, added] = await entriesOf('sso-provider', provider.json().id);
      expect(added?.changes.clientSecret).toEqual({ before: null, after: 'changed' });
      expect(added?.changes.clientId).toEqual({ before: null, after: 'toolpass' });
      expect(gone?.action).toBe('sso-provider.deleted');

      // No secret anywhere in the log, nor what it is sealed to.
      const everything = JSON.stringify(await allRows());
      for (const hidden of [secret, regenerated.json().secret, MQTT_PASSWORD, SSO_SECRET])
        expect(everything).not.toContain(hidden);
      const sealed = await t.database.db.selectFrom('webhooks').select('secret_sealed').execute();
      for (const row of sealed) expect(everything).not.toContain(row.secret_sealed);
    });

    it('records readers updated and deleted, and cards deleted', async () => {
      const readerId = await createReadersRepository().insert(
        t.database.db,
        { name: unique('Door'), deviceId: unique('dev'), firmware: '1.0', keySealed: 'sealed-reader-key' },
        new Date(),
      );
      const resource = await given.resource(admin);
      const renamed = await call('PATCH', `/api/fabreader/readers/${readerId}`, {
        name: 'Front door',
        connectedResources: [resource.id],
      });
      expect(renamed.statusCode).toBe(200);
      expect((await call('DELETE', `/api/fabreader/readers/${readerId}`)).statusCode).toBe(200);
      const [deleted, updated] = await entriesOf('reader', readerId);
      expect(updated?.changes).toMatchObject({
        name: { after: 'Front door' },
        resourceIds: { before: [], after: [resource.id] },
      });
      expect(deleted?.action).toBe('reader.deleted');
      expect(JSON.stringify(deleted)).not.toContain('sealed-reader-key');

      const member = await t.given.member();
      const cardId = await createNfcCardsRepository().insert(
        t.database.db,
        { uid: '04a1b2c3d4e5f6', userId: member.id, keyVersion: 1 },
        new Date(),
      );
      expect((await call('DELETE', `/api/fabreader/cards/${cardId}`)).statusCode).toBe(200);
      const [card] = await entriesOf('nfc-card', cardId);
      expect(card).toMatchObject({
        action: 'nfc-card.deleted',
        target: { name: `04a1b2c3d4e5f6 (${member.username})` },
        changes: { userId: { before: member.id, after: null } },
      });
    });

    it('records email templates changed and restored', async () => {
      const subject = `Reset your password ${unique('s')}`;
      expect((await call('PATCH', '/api/email-templates/reset-password', { subject })).statusCode).toBe(200);
      expect((await call('POST', '/api/email-templates/reset-password/restore-default')).statusCode).toBe(
        200,
      );
      const [restored, changed] = await entriesOf('email-template', 'reset-password');
      expect(changed).toMatchObject({
        action: 'email-template.updated',
        changes: { subject: { after: subject } },
      });
      expect(changed?.changes.body).toBeUndefined();
      expect(restored).toMatchObject({
        action: 'email-template.restored',
        changes: { subject: { before: subject } },
      });
    });
  });

  describe('GET /api/audit-log', () => {
    it('answers 401 signed out and 403 to members and resource managers', async () => {
      expect((await call('GET', '/api/audit-log', undefined, null)).statusCode).toBe(401);
      const member = await call('GET', '/api/audit-log', undefined, await t.given.member());
      expect(member.statusCode).toBe(403);
      expect(member.json().message).toBe('Forbidden - Insufficient permissions');
      const manager = await t.given.user({ canManageResources: true });
      expect((await call('GET', '/api/audit-log', undefined, manager)).statusCode).toBe(403);
    });

    it('answers user managers and system administrators', async () => {
      for (const permissions of [{ canManageUsers: true }, { canManageSystemConfiguration: true }]) {
        const reader = await t.given.user(permissions);
        expect((await call('GET', '/api/audit-log', undefined, reader)).statusCode).toBe(200);
      }
    });

    it('filters by actor, action, target and time, and pages newest first', async () => {
      const actor = await t.given.user({ canManageUsers: true, canManageResources: true });
      const members = [await t.given.member(), await t.given.member(), await t.given.member()];
      const startedAt = new Date().toISOString();
      for (const member of members) {
        const response = await call(
          'PATCH',
          `/api/users/${member.id}/permissions`,
          { canManageResources: true },
          actor,
        );
        expect(response.statusCode).toBe(200);
      }
      const mine = await call('GET', `/api/audit-log?actorId=${actor.id}&limit=2&page=1`, undefined, actor);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
      expect(mine.json().data.map((entry: AuditEntry) => entry.target.id)).toEqual([
        String(members[2]?.id),
        String(members[1]?.id),
      ]);
      const second = await call('GET', `/api/audit-log?actorId=${actor.id}&limit=2&page=2`, undefined, actor);
      expect(second.json().data.map((entry: AuditEntry) => entry.target.id)).toEqual([
        String(members[0]?.id),
      ]);

      const byAction = await call(
        'GET',
        `/api/audit-log?actorId=${actor.id}&action=user.permissions-changed&targetType=user&targetId=${members[1]?.id}`,
        undefined,
        actor,
      );
      expect(byAction.json().total).toBe(1);
      const none = await call(
        'GET',
        `/api/audit-log?actorId=${actor.id}&action=resource.created`,
        undefined,
        actor,
      );
      expect(none.json()).toMatchObject({ data: [], total: 0 });
      const since = await call(
        'GET',
        `/api/audit-log?actorId=${actor.id}&from=${encodeURIComponent(startedAt)}`,
        undefined,
        actor,
      );
      expect(since.json().total).toBe(3);
      // `to` includes its own millisecond, and a fast change can fall within the one `startedAt` names.
      const justBefore = new Date(Date.parse(startedAt) - 1).toISOString();
      const before = await call(
        'GET',
        `/api/audit-log?actorId=${actor.id}&to=${encodeURIComponent(justBefore)}`,
        undefined,
        actor,
      );
      expect(before.json().total).toBe(0);
      const bad = await call('GET', '/api/audit-log?targetType=spaceship&from=yesterday', undefined, actor);
      expect(bad.statusCode).toBe(400);
    });

    it('exports the matching entries as CSV', async () => {
      const member = await t.given.member();
      await call('PATCH', `/api/users/${member.id}/permissions`, { canManageUsers: true });
      const response = await call('GET', `/api/audit-log.csv?targetType=user&targetId=${member.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = response.body.split('\r\n');
      expect(lines[0]).toBe('id;at;actorId;actorUsername;action;targetType;targetId;targetName;changes');
      expect(lines[1]).toContain(
        `;${admin.id};${admin.username};user.permissions-changed;user;${member.id};${member.username};`,
      );
      expect(lines[1]).toContain('"{""canManageUsers"":{""before"":false,""after"":true}}"');
      expect(lines[2]).toBe('');
      expect((await call('GET', '/api/audit-log.csv', undefined, await t.given.member())).statusCode).toBe(
        403,
      );
    });

    it('has no route that changes or deletes an entry', async () => {
      const [entry] = (await call('GET', '/api/audit-log?limit=1')).json().data as AuditEntry[];
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of ['/api/audit-log', `/api/audit-log/${entry?.id}`]) {
          const response = await call(method, url, method === 'DELETE' ? undefined : { action: 'forged' });
          expect([404, 405]).toContain(response.statusCode);
        }
      }
      const still = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('id', '=', entry?.id ?? 0)
        .execute();
      expect(still).toHaveLength(1);
    });
  });

  describe('retention', () => {
    it('keeps every entry without a setting and forgets those past AUDIT_RETENTION_DAYS', async () => {
      const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
      await t.database.db
        .insertInto('audit_log')
        .values({
          at: old,
          actor_id: null,
          actor_username: null,
          action: 'resource.created',
          target_type: 'resource',
          target_id: 'retention-test',
          target_name: 'Old',
          changes: '{}',
        })
        .execute();
      await t.services.auditLog.deleteExpired();
      expect(await entriesOf('resource', 'retention-test')).toHaveLength(1);
      const kept = await buildTestApp(dialect, {}, { auditRetentionDays: 30 });
      try {
        await kept.database.db
          .insertInto('audit_log')
          .values([
            {
              at: old,
              actor_id: null,
              actor_username: null,
              action: 'a.b',
              target_type: 'resource',
              target_id: '1',
              target_name: 'Old',
              changes: '{}',
            },
            {
              at: new Date(),
              actor_id: null,
              actor_username: null,
              action: 'a.b',
              target_type: 'resource',
              target_id: '2',
              target_name: 'New',
              changes: '{}',
            },
          ])
          .execute();
        await kept.services.auditLog.deleteExpired();
        const left = await kept.database.db.selectFrom('audit_log').select('target_name').execute();
        expect(left.map((row) => row.target_name)).toEqual(['New']);
      } finally {
        await kept.close();
      }
    });
  });
});
