/**
 * Builds the example plugin's package, examples/plugins/dist/session-counter.zip, ready for the
 * plugins page (`npm run build:example-plugin`). The example is plain JavaScript, so building is
 * zipping the folder, with the repository's one zip writer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { zipPluginFolder } from '@toolpass/server/testing';

const repoRoot = path.resolve(import.meta.dirname, '..');
const EXAMPLE_PLUGIN_DIR = path.join(repoRoot, 'examples', 'plugins', 'session-counter');

export function buildExamplePlugin(outDir = path.join(repoRoot, 'examples', 'plugins', 'dist')): string {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, 'session-counter.zip');
  writeFileSync(file, zipPluginFolder(EXAMPLE_PLUGIN_DIR));
  return file;
}

if (import.meta.main) console.log(`Wrote ${path.relative(process.cwd(), buildExamplePlugin())}`);
