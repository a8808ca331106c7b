import path from 'node:path';
import type { Plugin } from '@toolpass/contracts';
import { PLUGIN_UPLOAD_FIELD } from '@toolpass/contracts';
import { zipEntries, zipPluginFolder } from '@toolpass/server/testing';
import type { SignedInAccount } from './detail-api.ts';
import { e2eEnvironment } from './environment.ts';

/** The repository's example plugin, zipped as scripts/build-example-plugin.ts zips it. */
export function examplePluginZip(): Buffer {
  return zipPluginFolder(
    path.resolve(import.meta.dirname, '..', '..', 'examples', 'plugins', 'session-counter'),
  );
}

/** A package whose frontend is the given module source (no backend). */
export function frontendOnlyZip(name: string, moduleSource: string): Buffer {
  const manifest = {
    name,
    version: '1.0.0',
    toolpass: '>=0.1.0',
    main: { frontend: { directory: 'frontend', entryPoint: 'index.js' } },
  };
  return zipEntries([
    { name: 'manifest.json', data: JSON.stringify(manifest) },
    { name: 'frontend/index.js', data: moduleSource },
  ]);
}

async function call(
  account: SignedInAccount,
  method: string,
  url: string,
  body?: FormData,
): Promise<Response> {
  const response = await fetch(new URL(url, e2eEnvironment().baseUrl), {
    method,
    headers: { Authorization: `Bearer ${account.token}` },
    body,
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

export async function listPlugins(account: SignedInAccount): Promise<Plugin[]> {
  return (await (await call(account, 'GET', '/api/plugins')).json()) as Plugin[];
}

/** Installs a package through the API (the upload form is tested in the browser). */
export async function installPlugin(account: SignedInAccount, zip: Buffer): Promise<Plugin> {
  const form = new FormData();
  form.append(
    PLUGIN_UPLOAD_FIELD,
    new Blob([new Uint8Array(zip)], { type: 'application/zip' }),
    'plugin.zip',
  );
  return (await (await call(account, 'POST', '/api/plugins', form)).json()) as Plugin;
}

/** Removes the named plugins that are installed, so no spec leaves its plugins to the next. */
export async function removePlugins(account: SignedInAccount, names: string[]): Promise<void> {
  for (const plugin of await listPlugins(account)) {
    if (names.includes(plugin.name)) await call(account, 'DELETE', `/api/plugins/${plugin.id}`);
  }
}
