import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const IMPORT_MAP = /<script type="importmap">([\s\S]*?)<\/script>/g;

/**
 * The CSP sources that allow the import maps of the built page and nothing else: a browser treats
 * an import map as an inline script, and the page's one maps the plugins' shared modules to the
 * host's copies (decision 20). Read from the build, so a changed map never needs a second edit.
 */
export function importMapHashes(webDistDir: string): string[] {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  return [...html.matchAll(IMPORT_MAP)].map(
    ([, content = '']) => `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`,
  );
}
