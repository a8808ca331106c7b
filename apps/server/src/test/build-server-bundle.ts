import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BUILD_SCRIPT = fileURLToPath(
  new URL('../../../../scripts/build-server-if-changed.ts', import.meta.url),
);

/**
 * Vitest's global set-up: bundles the server once, before any test file runs, when its sources
 * changed. The multi-instance tests start the bundle as `npm start` does, and the test of
 * `npm start` finds it current; building it here keeps two files from building it at once.
 */
export default function buildServerBundle() {
  execFileSync(process.execPath, [BUILD_SCRIPT], { stdio: 'inherit' });
}
