/**
 * The JavaScript Chromium loads for the sign-in screen of a built app: the scripts of index.html,
 * the sign-in page chunk the entry imports, and every chunk these import statically (the ones Vite
 * also preloads). Lazy chunks load later, on demand, and are not part of it. Shared by
 * `npm run size` and the bench.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** `file` is relative to the dist folder, as the browser asks for it. */
export type BundleFile = { file: string; bytes: number; gzipBytes: number };
export type SignInBundle = { files: BundleFile[]; gzipBytes: number; bytes: number };

export const WEB_DIST_DIR = path.join(import.meta.dirname, '..', 'dist');

export function measureSignInBundle(distDir = WEB_DIST_DIR): SignInBundle {
  const read = (file: string) => readFileSync(path.join(distDir, file));
  const html = read('index.html').toString('utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+\.js)"/g)].flatMap((match) =>
    match[1] ? [match[1]] : [],
  );
  const entry = scripts.find((file) => file.startsWith('assets/'));
  if (!entry) throw new Error('No entry script in dist/index.html; run the build first');
  const signInPage = /import\(["`]\.\/(sign-in-page-[^"`]+\.js)["`]\)/.exec(
    read(entry).toString('utf8'),
  )?.[1];
  if (!signInPage) throw new Error('The entry chunk does not load a sign-in-page chunk');

  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.startsWith('assets/')) return;
    for (const match of read(file)
      .toString('utf8')
      .matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      if (match[1]) visit(`assets/${match[1]}`);
    }
  };
  for (const script of scripts) visit(script);
  visit(`assets/${signInPage}`);

  const files = [...seen]
    .map((file) => {
      const content = read(file);
      return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files,
    bytes: files.reduce((sum, { bytes }) => sum + bytes, 0),
    gzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0),
  };
}
