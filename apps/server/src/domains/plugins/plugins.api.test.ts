import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PluginMessages } from '@toolpass/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { buildTestApp, TEST_SCRYPT, type TestApp, testAppConfig } from '../../test/build-test-app.ts';
import { folderSnapshot, pluginZip, uploadPlugin, withoutPackageHashes } from '../../test/plugin-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(dialect: (typeof TEST_DIALECTS)[number], config: Partial<TestApp['config']> = {}) {
  const t = await buildTestApp(dialect, {}, config);
  cleanups.push(() => t.close());
  return t;
}

/** A plugin with a page module, a chunk it imports, and a backend route answering its version. */
function helloPlugin(version: string, greeting = 'hello') {
  return pluginZip(
    { name: 'hello', version, description: `Says ${greeting}` },
    {
      frontend: {
        'index.js': `import { word } from './chunks/word.mjs';\nexport default { word, version: '${version}' };\n`,
        'chunks/word.mjs': `export const word = '${greeting}';\n`,
        'style.css': 'body { color: black; }\n',
      },
      backend: `export default function activate(api) {
  api.routes.get('/greeting', () => ({ body: { greeting: '${greeting}', version: '${version}' } }));
  api.routes.post('/echo/:word', (request) => ({ status: 201, body: { word: request.params.word, body: request.body, user: request.user.username } }));
}
`,
    },
  );
}

describe.each(TEST_DIALECTS)('plugins on %s', (dialect) => {
  it('installs a package, lists it to signed-in users, serves its frontend modules and answers its routes', async () => {
    const t = await app(dialect);
    const admin = await t.given.administrator();
    const member = await t.given.member();

    const installed = await uploadPlugin(t, admin, helloPlugin('1.0.0'));
    expect(installed.statusCode).toBe(201);
    expect(installed.json()).toMatchObject({
      name: 'hello',
      version: '1.0.0',
      description: 'Says hello',
      state: 'loaded',
      error: null,
      frontendEntry: '/api/plugins/hello/frontend/module-federation/index.js?revision=1',
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/plugins', headers: member.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([installed.json()]);
    expect((await t.app.inject({ method: 'GET', url: '/api/plugins' })).statusCode).toBe(401);

    const entry = await t.app.inject({ method: 'GET', url: installed.json().frontendEntry });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(entry.body).toContain("import { word } from './chunks/word.mjs'");
    const chunk = await t.app.inject({
      method: 'GET',
      url: '/api/plugins/hello/frontend/module-federation/chunks/word.mjs',
    });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const css = await t.app.inject({
      method: 'GET',
      url: '/api/plugins/hello/frontend/module-federation/style.css',
    });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    // Only the frontend folder is served: the manifest and the backend are not.
    for (const outside of ['../manifest.json', '..%2Fmanifest.json', '../backend/index.js']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/plugins/hello/frontend/module-federation/${outside}`,
      });
      expect(response.statusCode, outside).toBe(404);
    }

    const greeting = await t.app.inject({
      method: 'GET',
      url: '/api/plugins/hello/api/greeting',
      headers: member.auth,
    });
    expect(greeting.statusCode).toBe(200);
    expect(greeting.json()).toEqual({ greeting: 'hello', version: '1.0.0' });
    const echo = await t.app.inject({
      method: 'POST',
      url: '/api/plugins/hello/api/echo/bonjour?x=1',
      headers: member.auth,
      payload: { a: 1 },
    });
    expect(echo.statusCode).toBe(201);
    expect(echo.json()).toEqual({ word: 'bonjour', body: { a: 1 }, user: member.username });
    // The app's sign-in check comes first; unknown paths and methods of a plugin are refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/plugins/hello/api/greeting' })).statusCode).toBe(
      401,
    );
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/plugins/hello/api/nothing',
      headers: member.auth,
    });
    expect(unknown.statusCode).toBe(404);
    const wrongMethod = await t.app.inject({
      method: 'DELETE',
      url: '/api/plugins/hello/api/greeting',
      headers: member.auth,
    });
    expect(wrongMethod.statusCode).toBe(405);
    expect(
      withoutPackageHashes(folderSnapshot(path.join(t.config.dataDir, 'plugins'))).filter((entry) =>
        entry.endsWith('/'),
      ),
    ).toEqual(['hello@1/', 'hello@1/backend/', 'hello@1/frontend/', 'hello@1/frontend/chunks/']);
  });

  it('replaces an installed plugin of the same name, loading the new backend without a restart', async () => {
    const t = await app(dialect);
    const admin = await t.given.administrator();
    const first = (await uploadPlugin(t, admin, helloPlugin('1.0.0'))).json();
    const second = await uploadPlugin(t, admin, helloPlugin('2.0.0', 'hallo'));
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({
      id: first.id,
      version: '2.0.0',
      state: 'loaded',
      frontendEntry: '/api/plugins/hello/frontend/module-federation/index.js?revision=2',
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/plugins', headers: admin.auth });
    expect(list.json()).toEqual([second.json()]);

    const greeting = await t.app.inject({
      method: 'GET',
      url: '/api/plugins/hello/api/greeting',
      headers: admin.auth,
    });
    expect(greeting.json()).toEqual({ greeting: 'hallo', version: '2.0.0' });
    const chunk = await t.app.inject({
      method: 'GET',
      url: '/api/plugins/hello/frontend/module-federation/chunks/word.mjs',
    });
    expect(chunk.body).toBe("export const word = 'hallo';\n");
    const topFolders = withoutPackageHashes(folderSnapshot(path.join(t.config.dataDir, 'plugins'))).filter(
      (entry) => entry.endsWith('/') && entry.split('/').length === 2,
    );
    expect(topFolders).toEqual(['hello@2/']);
  });

  it('removes a plugin: unlisted, its routes and files gone at once, its folder deleted', async () => {
    const t = await app(dialect);
    const admin = await t.given.administrator();
    const installed = (await uploadPlugin(t, admin, helloPlugin('1.0.0'))).json();

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/plugins/${installed.id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Plugin deleted' });
    expect((await t.app.inject({ method: 'GET', url: '/api/plugins', headers: admin.auth })).json()).toEqual(
      [],
    );
    const route = await t.app.inject({
      method: 'GET',
      url: '/api/plugins/hello/api/greeting',
      headers: admin.auth,
    });
    expect(route.statusCode).toBe(404);
    expect(route.json().message).toBe(PluginMessages.notFound);
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/plugins/hello/frontend/module-federation/index.js',
    });
    expect(file.statusCode).toBe(404);
    expect(folderSnapshot(path.join(t.config.dataDir, 'plugins'))).toEqual([]);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/plugins/${installed.id}`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(PluginMessages.notFound);
  });

  it('refuses changes to members (403) and to callers who are not signed in (401)', async () => {
    const t = await app(dialect);
    const admin = await t.given.administrator();
    const member = await t.given.member();
    const manager = await t.given.user({ canManageResources: true, canManageUsers: true });
    const installed = (await uploadPlugin(t, admin, helloPlugin('1.0.0'))).json();
    for (const actor of [member, manager]) {
      const upload = await uploadPlugin(t, actor, helloPlugin('9.0.0'));
      expect(upload.statusCode).toBe(403);
      expect(upload.json().message).toBe('Forbidden - Insufficient permissions');
      const remove = await t.app.inject({
        method: 'DELETE',
        url: `/api/plugins/${installed.id}`,
        headers: actor.auth,
      });
      expect(remove.statusCode).toBe(403);
    }
    expect(
      (await uploadPlugin(t, { auth: { authorization: 'Bearer nope' } }, helloPlugin('9.0.0'))).statusCode,
    ).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/api/plugins', headers: member.auth });
    expect(list.json()).toEqual([installed]);
  });

  it('never serves a file outside the plugin frontend folder, however the path is encoded', async () => {
    const t = await app(dialect);
    const admin = await t.given.administrator();
    await uploadPlugin(t, admin, helloPlugin('1.0.0'));
    const secret = 'top-secret-content';
    writeFileSync(path.join(t.config.dataDir, 'plugins', 'secret.txt'), secret);
    writeFileSync(path.join(t.config.dataDir, 'secret.txt'), secret);
    const base = '/api/plugins/hello/frontend/module-federation';
    const attempts = [
      `${base}/../../secret.txt`,
      `${base}/..%2f..%2fsecret.txt`,
      `${base}/..%2F..%2F..%2Fsecret.txt`,
      `${base}/%2e%2e/%2e%2e/secret.txt`,
      `${base}/%2E%2E%2F%2E%2E%2Fsecret.txt`,
      `${base}/..%5c..%5csecret.txt`,
      `${base}/%252e%252e%252f%252e%252e%252fsecret.txt`,
      `${base}/chunks/../../../secret.txt`,
      `${base}/%c0%ae%c0%ae/secret.txt`,
      `${base}/index.js%00.png`,
      `${base}/${encodeURIComponent(path.join(t.config.dataDir, 'secret.txt'))}`,
      `${base}/`,
      '/api/plugins/..%2f..%2f/frontend/module-federation/secret.txt',
      '/api/plugins/%2e%2e/frontend/module-federation/secret.txt',
      '/api/plugins/hello%2f..%2f..%2f/frontend/module-federation/secret.txt',
    ];
    for (const url of attempts) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain(secret);
    }
  });

  it('keeps a plugin whose backend fails to load as failed with the reason, and the app answers on', async () => {
    const t = await app(dialect);
    const admin = await t.given.administrator();
    const broken = pluginZip(
      { name: 'broken' },
      { backend: "export default function activate() { throw new Error('No air assist found'); }\n" },
    );
    const installed = await uploadPlugin(t, admin, broken);
    expect(installed.statusCode).toBe(201);
    expect(installed.json()).toMatchObject({
      name: 'broken',
      state: 'failed',
      error: 'No air assist found',
      frontendEntry: null,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/plugins', headers: admin.auth });
    expect(list.json()).toEqual([installed.json()]);
    // The reason may name server paths: members see the state only.
    const member = await t.given.member();
    const memberList = await t.app.inject({ method: 'GET', url: '/api/plugins', headers: member.auth });
    expect(memberList.json()).toEqual([{ ...installed.json(), error: null }]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/resources', headers: admin.auth })).statusCode,
    ).toBe(200);
  });

  it('with PLUGINS=off loads nothing and refuses installs, and a removal still works', async () => {
    const t = await app(dialect);
    const admin = await t.given.administrator();
    const installed = (await uploadPlugin(t, admin, helloPlugin('1.0.0'))).json();
    await t.app.close();
    const off = await buildApp({
      config: { ...testAppConfig(t.database, t.smtp.url), plugins: false },
      database: t.database,
      logger: createLogger('silent'),
      scrypt: TEST_SCRYPT,
      webDistDir: t.database.dataDir,
    });
    await off.app.ready();
    cleanups.push(() => off.app.close());
    const list = await off.app.inject({ method: 'GET', url: '/api/plugins', headers: admin.auth });
    expect(list.json()).toEqual([
      { ...installed, state: 'failed', error: PluginMessages.pluginsOff, frontendEntry: null },
    ]);
    const route = await off.app.inject({
      method: 'GET',
      url: '/api/plugins/hello/api/greeting',
      headers: admin.auth,
    });
    expect(route.statusCode).toBe(404);
    const file = await off.app.inject({
      method: 'GET',
      url: '/api/plugins/hello/frontend/module-federation/index.js',
    });
    expect(file.statusCode).toBe(404);
    const refused = await uploadPlugin({ ...t, app: off.app }, admin, helloPlugin('2.0.0'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PluginMessages.pluginsOff);
    const removed = await off.app.inject({
      method: 'DELETE',
      url: `/api/plugins/${installed.id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(folderSnapshot(path.join(t.config.dataDir, 'plugins'))).toEqual([]);
  });
});
