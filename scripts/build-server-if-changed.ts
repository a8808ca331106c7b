/**
 * Bundles the server for `npm start` into apps/server/dist, only when its sources changed since
 * the last bundle (a content hash recorded beside it, like the web app's).
 *
 * Run from source, Node strips the types of some 560 modules at every start and resolves each
 * one: about a second of CPU and 40 MiB of resident memory on a small board (issue 31). One
 * JavaScript file of the server's own code and the packages it loads at start (Fastify and its
 * plugins, the contracts, Kysely, zod) starts in half the CPU time and stays smaller: Node finds,
 * reads and compiles one file instead of some three hundred, about 120 ms less before
 * /api/health answers. Packages loaded on first use (platform/lazy-module.ts) are required by a
 * name the bundler does not follow, so they stay in node_modules and cost nothing at start.
 * Some packages must stay outside (EXTERNAL_PACKAGES).
 *
 * `npm run dev` and most tests and benchmark servers run the sources as they are (docs/architecture.md §Footprint).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps', 'server', 'dist');
const hashFile = path.join(outDir, '.source-hash');

/** What the bundle is made of, relative to the repository root; folders are walked. */
const SOURCES = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/plugin-sdk/src',
  'packages/plugin-sdk/package.json',
  'package-lock.json',
  'scripts/build-server-if-changed.ts',
];

/**
 * Loaded from node_modules at run time: they start workers or read their own files by path
 * (pino's transports, MJML's renderer, the docs UI's static files), are native (sharp), or are
 * loaded only on the first request for the API docs.
 */
const EXTERNAL_PACKAGES = new Set(['pino', 'mjml', 'sharp', '@fastify/swagger', '@fastify/swagger-ui']);

function filesUnder(relative: string): string[] {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(filesUnder).sort()) {
    // Tests and their helpers are not part of the bundle.
    if (/\.test\.tsx?$/.test(file) || file.includes(`${path.sep}src${path.sep}test${path.sep}`)) continue;
    hash.update(file.split(path.sep).join('/')).update('\0');
    hash.update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function isExternal(id: string): boolean {
  if (id.startsWith('.') || path.isAbsolute(id) || id.startsWith('node:')) return false;
  const name = packageOf(id);
  return EXTERNAL_PACKAGES.has(name);
}

const wanted = sourceHash();
const built = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : undefined;
if (built === wanted && existsSync(path.join(outDir, 'main.js'))) {
  console.log('The server is unchanged since its last bundle; not rebundled.');
} else {
  const started = performance.now();
  // Loaded only to build: a start with nothing changed does not pay for the bundler.
  const { build } = await import('rolldown');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    input: {
      // start.js enables the compile cache, then loads main.js.
      start: path.join(root, 'apps/server/src/start.ts'),
      main: path.join(root, 'apps/server/src/main.ts'),
      // Started as a worker thread by platform/mjml/mjml-renderer.ts, from beside the bundle.
      'mjml-render-worker': path.join(root, 'apps/server/src/platform/mjml/mjml-render-worker.ts'),
    },
    platform: 'node',
    external: isExternal,
    output: { dir: outDir, format: 'esm' },
    logLevel: 'warn',
  });
  writeFileSync(hashFile, `${wanted}\n`);
  console.log(`Bundled the server in ${Math.round(performance.now() - started)} ms.`);
}
