import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './build-test-app.ts';
import { folderEntries, type ZipEntry, zipEntries } from './plugin-zip.ts';
import { multipart } from './resource-fixtures.ts';

/** The example plugin of the repository (examples/plugins/session-counter). */
export const EXAMPLE_PLUGIN_DIR = fileURLToPath(
  new URL('../../../../examples/plugins/session-counter', import.meta.url),
);

type Manifest = {
  name: string;
  version?: string;
  toolpass?: string;
  description?: string;
  main?: Record<string, { directory: string; entryPoint: string }>;
};

/**
 * A plugin package: a manifest (frontend and backend parts named after the files given) and
 * the files. A backend is the source of an ES module.
 */
export function pluginZip(
  manifest: Manifest,
  files: { frontend?: Record<string, string>; backend?: string; extra?: ZipEntry[] } = {},
): Buffer {
  const main: Record<string, { directory: string; entryPoint: string }> = { ...manifest.main };
  if (files.frontend) main.frontend ??= { directory: 'frontend', entryPoint: 'index.js' };
  if (files.backend) main.backend ??= { directory: 'backend', entryPoint: 'index.js' };
  const entries: ZipEntry[] = [
    {
      name: 'manifest.json',
      data: JSON.stringify({ version: '1.0.0', toolpass: '>=0.1.0', ...manifest, main }),
    },
    ...Object.entries(files.frontend ?? {}).map(([name, data]) => ({ name: `frontend/${name}`, data })),
    ...(files.backend ? [{ name: 'backend/index.js', data: files.backend, deflate: true }] : []),
    ...(files.extra ?? []),
  ];
  return zipEntries(entries);
}

/**
 * The example plugin's backend as a package: its manifest with the backend part only and its
 * backend folder. The frontend is built by the web side's script; these tests cover the server.
 */
export function exampleBackendZip(): Buffer {
  const manifest = JSON.parse(
    readFileSync(path.join(EXAMPLE_PLUGIN_DIR, 'manifest.json'), 'utf8'),
  ) as Manifest;
  const backend = manifest.main?.backend;
  if (!backend) throw new Error('The example plugin has no backend');
  return zipEntries([
    { name: 'manifest.json', data: JSON.stringify({ ...manifest, main: { backend } }) },
    ...folderEntries(EXAMPLE_PLUGIN_DIR, { only: [backend.directory] }),
  ]);
}

/** Uploads a package as the plugins page does: multipart, field pluginZip. */
export async function uploadPlugin(
  t: TestApp,
  actor: { auth: { authorization: string } },
  zip: Buffer,
  fileName = 'plugin.zip',
) {
  const body = await multipart(
    {},
    { field: 'pluginZip', name: fileName, type: 'application/zip', content: zip },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/plugins',
    headers: { ...actor.auth, ...body.headers },
    payload: body.payload,
  });
}

/** Every path under a folder with a hash of each file's content; [] for a missing folder. */
export function folderSnapshot(folder: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    let items: import('node:fs').Dirent[];
    try {
      items = readdirSync(path.join(folder, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const item of items) {
      const name = relative === '' ? item.name : `${relative}/${item.name}`;
      if (item.isDirectory()) {
        found.push(`${name}/`);
        walk(name);
      } else {
        const hash = item.isFile()
          ? createHash('sha256')
              .update(readFileSync(path.join(folder, name)))
              .digest('hex')
              .slice(0, 16)
          : 'not-a-file';
        found.push(`${name} ${hash}`);
      }
    }
  };
  walk('');
  return found.sort();
}

/** A snapshot's entries with the package hash left out of folder names (`hello@1-3f2a…/` → `hello@1/`). */
export function withoutPackageHashes(entries: string[]): string[] {
  return entries.map((entry) => entry.replace(/^([a-z0-9-]+@\d+)-[0-9a-f]{12}\//, '$1/'));
}
