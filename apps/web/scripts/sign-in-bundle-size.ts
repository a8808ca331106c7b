/**
 * Gzipped JavaScript a visitor downloads for the sign-in screen: the entry chunk, the sign-in page
 * chunk and everything they import statically. Run after `vite build`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const assets = path.join(import.meta.dirname, '..', 'dist', 'assets');
const html = readFileSync(path.join(import.meta.dirname, '..', 'dist', 'index.html'), 'utf8');
const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('No entry script in dist/index.html; run the build first');
const entrySource = readFileSync(path.join(assets, entry), 'utf8');
const signInPage = /import\(["`]\.\/(sign-in-page-[^"`]+\.js)["`]\)/.exec(entrySource)?.[1];
if (!signInPage) throw new Error('The entry chunk does not load a sign-in-page chunk');

const seen = new Set<string>();
function visit(file: string) {
  if (seen.has(file)) return;
  seen.add(file);
  const source = readFileSync(path.join(assets, file), 'utf8');
  for (const match of source.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) if (match[1]) visit(match[1]);
}
visit(entry);
visit(signInPage);

const sizes = [...seen].map((file) => ({
  file,
  gzip: gzipSync(readFileSync(path.join(assets, file))).length,
}));
const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
for (const { file, gzip } of sizes.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`${(gzip / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
}
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KiB  total for the sign-in screen (${seen.size} files)`,
);
