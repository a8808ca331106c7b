import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { PluginMessages } from '@toolpass/contracts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import type { PluginRequest } from './plugin-host-api.ts';
import type { PluginsService } from './plugins.service.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The segments of a request path after `skip` of them, each decoded once. Taken from the raw
 * URL, not from the router's decoded wildcard, so an encoded "/" or ".." stays inside its
 * segment and is refused there: a segment that decodes to "", ".", ".." or holds "/", "\" or
 * NUL never reaches the file system or a plugin's router.
 */
export function pathSegmentsOf(rawUrl: string, skip: number): string[] | undefined {
  const pathPart = rawUrl.split('?', 1)[0] ?? '';
  const segments = pathPart.split('/').slice(skip);
  const decoded: string[] = [];
  for (const segment of segments) {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (value === '' || value === '.' || value === '..' || /[/\\\0]/.test(value)) return undefined;
    decoded.push(value);
  }
  return decoded;
}

/** The file of a loaded plugin's frontend folder a request names, never one outside it. */
export async function pluginFrontendFile(
  plugins: PluginsService,
  pluginName: string,
  segments: string[] | undefined,
): Promise<{ file: string; size: number; contentType: string }> {
  const plugin = plugins.loadedPlugin(pluginName);
  const frontend = plugin?.manifest.main.frontend;
  if (!plugin || !frontend || !segments || segments.length === 0) throw notFound(PluginMessages.fileNotFound);
  const directory = path.resolve(plugin.folder, frontend.directory);
  const file = path.resolve(directory, ...segments);
  if (!file.startsWith(directory + path.sep)) throw notFound(PluginMessages.fileNotFound);
  // The unpacker writes no links; this holds even for a folder someone changed by hand.
  const real = await realpath(file).catch(() => undefined);
  const realDirectory = await realpath(directory).catch(() => undefined);
  if (!real || !realDirectory || !real.startsWith(realDirectory + path.sep)) {
    throw notFound(PluginMessages.fileNotFound);
  }
  const info = await stat(real);
  if (!info.isFile()) throw notFound(PluginMessages.fileNotFound);
  const contentType = CONTENT_TYPES[path.extname(real).toLowerCase()] ?? 'application/octet-stream';
  return { file: real, size: info.size, contentType };
}

/** Hands a request under `/api/plugins/{name}/api/…` to the plugin's own router. */
export async function dispatchPluginRequest(
  plugins: PluginsService,
  pluginName: string,
  request: Omit<PluginRequest, 'params' | 'user' | 'path'> & {
    segments: string[] | undefined;
    user: UserAccount;
  },
): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
  const plugin = plugins.loadedPlugin(pluginName);
  if (!plugin || !request.segments) throw notFound(PluginMessages.notFound);
  const match = plugin.router.match(request.method, request.segments);
  if (match === undefined) throw notFound('Not Found');
  if (match === 'method-not-allowed') throw new AppError(405, 'Method Not Allowed');
  const { segments, user, ...rest } = request;
  const answer = await match.handler({
    ...rest,
    path: `/${segments.join('/')}`,
    params: match.params,
    user: { id: user.id, username: user.username, permissions: { ...user.permissions } },
  });
  const status = answer?.status ?? 200;
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    throw new Error(`The plugin "${pluginName}" answered with status ${String(status)}`);
  }
  return { status, headers: answer?.headers ?? {}, body: answer?.body ?? null };
}
