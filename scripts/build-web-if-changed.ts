/**
 * Builds the web app only when its sources changed since the bundle was built, so `npm start` on
 * an existing install serves at once instead of spending seconds on an identical bundle.
 * `npm run build` still rebuilds unconditionally (and records the hash too).
 */
import { spawnSync } from 'node:child_process';
import { builtSourceHash, webSourceHash } from '../apps/web/build/source-hash.ts';

if (builtSourceHash() === webSourceHash()) {
  console.log('The web app is unchanged since its last build; not rebuilt.');
} else {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
