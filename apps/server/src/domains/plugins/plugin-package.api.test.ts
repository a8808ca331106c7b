import path from 'node:path';
import { PluginMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { folderSnapshot, pluginZip, uploadPlugin } from '../../test/plugin-fixtures.ts';
import { type ZipEntry, zipEntries } from '../../test/plugin-zip.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const MANIFEST = {
  name: 'crafted',
  version: '1.0.0',
  toolpass: '>=0.1.0',
  main: { frontend: { directory: 'frontend', entryPoint: 'index.js' } },
};
const manifestEntry = (manifest: object = MANIFEST): ZipEntry => ({
  name: 'manifest.json',
  data: JSON.stringify(manifest),
});
const page: ZipEntry = { name: 'frontend/index.js', data: 'export default {};\n' };
const MB = 1024 * 1024;

/** Packages a safe installer must refuse, each with the message it answers. */
const refusals: { why: string; zip: () => Buffer; message: string | RegExp }[] = [
  {
    why: 'an entry climbing out with ../',
    zip: () => zipEntries([manifestEntry(), page, { name: '../evil.js', data: 'x' }]),
    message: PluginMessages.unsafeEntry('../evil.js'),
  },
  {
    why: 'an entry climbing out from inside a folder (frontend/../../x)',
    zip: () => zipEntries([manifestEntry(), page, { name: 'frontend/../../x', data: 'x' }]),
    message: PluginMessages.unsafeEntry('frontend/../../x'),
  },
  {
    why: 'an absolute entry',
    zip: () => zipEntries([manifestEntry(), page, { name: '/tmp/toolpass-evil.js', data: 'x' }]),
    message: PluginMessages.unsafeEntry('/tmp/toolpass-evil.js'),
  },
  {
    why: 'a backslash path (a Windows-style climb)',
    zip: () => zipEntries([manifestEntry(), page, { name: '..\\..\\evil.js', data: 'x' }]),
    message: /^The package holds an entry that is not a plain file or folder inside it: /,
  },
  {
    why: 'a symbolic link',
    zip: () =>
      zipEntries([
        manifestEntry(),
        page,
        { name: 'frontend/passwd.js', data: '/etc/passwd', unixMode: 0o120777 },
      ]),
    message: PluginMessages.unsafeEntry('frontend/passwd.js'),
  },
  {
    why: 'a character device',
    zip: () => zipEntries([manifestEntry(), page, { name: 'frontend/null', unixMode: 0o020666 }]),
    message: PluginMessages.unsafeEntry('frontend/null'),
  },
  {
    why: 'a zip bomb: one entry that inflates past 50 MB',
    zip: () =>
      zipEntries([
        manifestEntry(),
        page,
        { name: 'frontend/bomb.bin', data: Buffer.alloc(60 * MB), deflate: true },
      ]),
    message: PluginMessages.tooLarge,
  },
  {
    why: 'entries that together inflate past 50 MB',
    zip: () =>
      zipEntries([
        manifestEntry(),
        page,
        ...Array.from({ length: 26 }, (_, index) => ({
          name: `frontend/part-${index}.bin`,
          data: Buffer.alloc(2 * MB),
          deflate: true,
        })),
      ]),
    message: PluginMessages.tooLarge,
  },
  {
    why: '5,001 entries',
    zip: () =>
      zipEntries([
        manifestEntry(),
        page,
        ...Array.from({ length: 4_999 }, (_, index) => ({ name: `frontend/f${index}.js`, data: '' })),
      ]),
    message: PluginMessages.tooManyEntries,
  },
  {
    why: 'the same entry twice',
    zip: () => zipEntries([manifestEntry(), page, { name: 'frontend/index.js', data: 'export default 2;' }]),
    message: PluginMessages.duplicateEntry('frontend/index.js'),
  },
  {
    why: 'no manifest',
    zip: () => zipEntries([page]),
    message: PluginMessages.noManifest,
  },
  {
    why: 'a manifest that is not JSON',
    zip: () => zipEntries([{ name: 'manifest.json', data: '{ name: crafted' }, page]),
    message: PluginMessages.invalidManifest,
  },
  {
    why: 'a manifest whose name is not a slug',
    zip: () => zipEntries([manifestEntry({ ...MANIFEST, name: '../Crafted' }), page]),
    message: PluginMessages.invalidManifest,
  },
  {
    why: 'a manifest whose version is not semver',
    zip: () => zipEntries([manifestEntry({ ...MANIFEST, version: 'one' }), page]),
    message: PluginMessages.invalidManifest,
  },
  {
    why: 'an incompatible toolpass range',
    zip: () => zipEntries([manifestEntry({ ...MANIFEST, toolpass: '>=2.0.0' }), page]),
    message: PluginMessages.incompatible('>=2.0.0', '0.1.0'),
  },
  {
    why: 'a toolpass value that is no range',
    zip: () => zipEntries([manifestEntry({ ...MANIFEST, toolpass: 'soon' }), page]),
    message: PluginMessages.invalidManifest,
  },
  {
    why: 'an entry point the package does not hold',
    zip: () => zipEntries([manifestEntry()]),
    message: PluginMessages.missingEntryPoint('frontend/index.js'),
  },
  {
    why: 'a file that is no zip',
    zip: () => Buffer.from('This is a text file named plugin.zip\n'),
    message: PluginMessages.notAZip,
  },
  {
    why: 'a truncated zip',
    zip: () => pluginZip({ name: 'cut' }, { frontend: { 'index.js': 'export default {};' } }).subarray(0, 60),
    message: PluginMessages.notAZip,
  },
];

describe.each(TEST_DIALECTS)('refused plugin packages on %s', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['given']['administrator']>>;
  let pluginsFolder: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await t.given.administrator();
    pluginsFolder = path.join(t.config.dataDir, 'plugins');
    // A plugin is installed already, so "unchanged" covers its folder too.
    const installed = await uploadPlugin(
      t,
      admin,
      pluginZip({ name: 'crafted' }, { frontend: { 'index.js': 'export default { installed: true };\n' } }),
    );
    expect(installed.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(refusals)(
    'refuses $why with a 400 and leaves the plugin folder unchanged',
    async ({ zip, message }) => {
      const before = folderSnapshot(pluginsFolder);
      const listBefore = (
        await t.app.inject({ method: 'GET', url: '/api/plugins', headers: admin.auth })
      ).json();

      const response = await uploadPlugin(t, admin, zip());
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
      expect(folderSnapshot(pluginsFolder)).toEqual(before);
      const listAfter = (
        await t.app.inject({ method: 'GET', url: '/api/plugins', headers: admin.auth })
      ).json();
      expect(listAfter).toEqual(listBefore);
      const served = await t.app.inject({
        method: 'GET',
        url: '/api/plugins/crafted/frontend/module-federation/index.js',
      });
      expect(served.body).toBe('export default { installed: true };\n');
    },
  );

  it('refuses an upload without the pluginZip file', async () => {
    const before = folderSnapshot(pluginsFolder);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/plugins',
      headers: { ...admin.auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--x--\r\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(PluginMessages.fileMissing);
    expect(folderSnapshot(pluginsFolder)).toEqual(before);
  });
});
