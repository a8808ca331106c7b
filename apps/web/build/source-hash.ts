import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** Written beside the bundle by every build; `npm start` rebuilds only when it differs. */
export const SOURCE_HASH_FILE = path.join(repositoryRoot, 'apps', 'web', 'dist', '.source-hash');

/** What the bundle is made of, relative to the repository root; folders are walked. */
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

function filesUnder(relative: string): string[] {
  const absolute = path.join(repositoryRoot, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(repositoryRoot, path.join(entry.parentPath, entry.name)));
}

/** A hash of the web app's sources: equal hashes build equal bundles. */
export function webSourceHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(filesUnder).sort()) {
    // Tests beside the sources are not part of the bundle.
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(file.split(path.sep).join('/')).update('\0');
    hash.update(readFileSync(path.join(repositoryRoot, file))).update('\0');
  }
  return hash.digest('hex');
}

/** The hash the current bundle was built from, if there is a bundle. */
export function builtSourceHash(): string | undefined {
  const bundle = path.join(path.dirname(SOURCE_HASH_FILE), 'index.html');
  if (!existsSync(bundle) || !existsSync(SOURCE_HASH_FILE)) return undefined;
  return readFileSync(SOURCE_HASH_FILE, 'utf8').trim();
}

/** A Vite plugin that records the sources' hash once a build has written the bundle. */
export function sourceHashStamp() {
  let hash = '';
  return {
    name: 'toolpass-source-hash',
    apply: 'build' as const,
    // Taken before the build, so an edit made while it runs leads to a rebuild next time.
    buildStart() {
      hash = webSourceHash();
    },
    closeBundle() {
      writeFileSync(SOURCE_HASH_FILE, `${hash}\n`);
    },
  };
}
