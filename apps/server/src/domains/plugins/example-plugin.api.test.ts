import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppDeps, buildApp } from '../../app.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { buildTestApp, TEST_SCRYPT, type TestApp, testAppConfig } from '../../test/build-test-app.ts';
import {
  exampleBackendZip,
  folderSnapshot,
  pluginZip,
  uploadPlugin,
  withoutPackageHashes,
} from '../../test/plugin-fixtures.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(dialect: (typeof TEST_DIALECTS)[number]) {
  const t = await buildTestApp(dialect);
  cleanups.push(() => t.close());
  return t;
}

/** A second app on the database of `t`: after a restart, or another instance with its own DATA_DIR. */
async function appOn(t: TestApp, options: { dataDir?: string } & Partial<AppDeps> = {}) {
  const { dataDir, ...overrides } = options;
  const { app: second } = await buildApp({
    config: { ...testAppConfig(t.database, t.smtp.url), ...(dataDir ? { dataDir } : {}) },
    database: t.database,
    logger: createLogger('silent'),
    scrypt: TEST_SCRYPT,
    webDistDir: t.database.dataDir,
    ...overrides,
  });
  await second.ready();
  cleanups.push(() => second.close());
  return second;
}

const COUNTS = '/api/plugins/session-counter/api/sessions';

describe.each(TEST_DIALECTS)('the example plugin on %s', (dialect) => {
  it('counts sessions from usage events once installed, and its route is gone after removal in the same process', async () => {
    const t = await app(dialect);
    const given = resourceFixtures(t);
    const admin = await t.given.administrator();
    const member = await t.given.member();
    const laser = await given.resource(admin, { allowTakeOver: true });
    const drill = await given.resource(admin);
    await given.introduce(admin, laser.id, member.id);

    const installed = await uploadPlugin(t, admin, exampleBackendZip(), 'session-counter.zip');
    expect(installed.statusCode).toBe(201);
    expect(installed.json()).toMatchObject({ name: 'session-counter', state: 'loaded', error: null });

    expect((await given.start(admin, laser.id)).statusCode).toBe(201);
    expect((await given.end(admin, laser.id)).statusCode).toBe(200);
    expect((await given.start(admin, laser.id)).statusCode).toBe(201);
    // A takeover starts a session of its own.
    expect((await given.start(member, laser.id, { forceTakeOver: true })).statusCode).toBe(201);
    expect((await given.start(admin, drill.id)).statusCode).toBe(201);

    const counts = async () =>
      (await t.app.inject({ method: 'GET', url: COUNTS, headers: member.auth })).json<{
        total: number;
        byResource: Record<string, number>;
      }>();
    await expect.poll(counts).toEqual({ total: 4, byResource: { [laser.id]: 3, [drill.id]: 1 } });
    const one = await t.app.inject({ method: 'GET', url: `${COUNTS}/${drill.id}`, headers: member.auth });
    expect(one.json()).toEqual({ resourceId: drill.id, sessions: 1 });
    const bad = await t.app.inject({ method: 'GET', url: `${COUNTS}/abc`, headers: member.auth });
    expect(bad.statusCode).toBe(400);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/plugins/${installed.json().id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: COUNTS, headers: member.auth })).statusCode).toBe(404);
    // No subscription is left behind: later sessions write no job for the removed plugin.
    const rows = await t.database.db
      .selectFrom('delivery_subscriptions_every_resource')
      .selectAll()
      .execute();
    expect(rows).toEqual([]);
  });

  it('counts the sessions started before a restart too, delivered or not when the server stopped', async () => {
    const t = await app(dialect);
    const given = resourceFixtures(t);
    const admin = await t.given.administrator();
    const resource = await given.resource(admin);
    expect((await uploadPlugin(t, admin, exampleBackendZip())).statusCode).toBe(201);

    expect((await given.start(admin, resource.id)).statusCode).toBe(201);
    expect((await given.end(admin, resource.id)).statusCode).toBe(200);
    await expect
      .poll(
        async () => (await t.app.inject({ method: 'GET', url: COUNTS, headers: admin.auth })).json().total,
      )
      .toBe(1);
    // As if the process died right after its commits: these events are not delivered any more.
    await t.services.jobRunner.stop();
    expect((await given.start(admin, resource.id)).statusCode).toBe(201);
    expect((await given.end(admin, resource.id)).statusCode).toBe(200);
    expect((await given.start(admin, resource.id)).statusCode).toBe(201);
    await t.app.close();

    const restarted = await appOn(t);
    await expect
      .poll(async () => (await restarted.inject({ method: 'GET', url: COUNTS, headers: admin.auth })).json())
      .toEqual({ total: 3, byResource: { [resource.id]: 3 } });
  });

  it('is loaded and unloaded by another instance on the same database, which unpacks its own copy', async () => {
    const t = await app(dialect);
    const admin = await t.given.administrator();
    const otherDataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-instance-'));
    cleanups.push(() => rmSync(otherDataDir, { recursive: true, force: true }));
    const other = await appOn(t, { dataDir: otherDataDir, pluginPollMs: 100 });
    const hello = (version: string) =>
      pluginZip(
        { name: 'hello', version },
        { backend: `export default (api) => api.routes.get('/v', () => ({ body: '${version}' }));\n` },
      );
    const greetingOnOther = async () => {
      const response = await other.inject({
        method: 'GET',
        url: '/api/plugins/hello/api/v',
        headers: admin.auth,
      });
      return response.statusCode === 200 ? response.json() : response.statusCode;
    };

    const installed = (await uploadPlugin(t, admin, hello('1.0.0'))).json();
    await expect.poll(greetingOnOther).toBe('1.0.0');
    expect(withoutPackageHashes(folderSnapshot(path.join(otherDataDir, 'plugins')))).toContain('hello@1/');

    expect((await uploadPlugin(t, admin, hello('2.0.0'))).statusCode).toBe(201);
    await expect.poll(greetingOnOther).toBe('2.0.0');

    await t.app.inject({ method: 'DELETE', url: `/api/plugins/${installed.id}`, headers: admin.auth });
    await expect.poll(greetingOnOther).toBe(404);
    await expect.poll(() => folderSnapshot(path.join(otherDataDir, 'plugins'))).toEqual([]);
  });
});
