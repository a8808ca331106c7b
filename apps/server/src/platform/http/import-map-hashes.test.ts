import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importMapHashes } from './import-map-hashes.ts';

const folders: string[] = [];
function distWith(html: string | undefined): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'toolpass-dist-'));
  folders.push(folder);
  if (html !== undefined) writeFileSync(path.join(folder, 'index.html'), html);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('importMapHashes', () => {
  it("hashes exactly the import map's text, as the browser does for an inline script", () => {
    const map = '{"imports":{"react":"/plugin-host/react.js"}}';
    const html = `<html><head><script type="importmap">${map}</script><script src="/theme-init.js"></script></head></html>`;
    const expected = createHash('sha256').update(map).digest('base64');
    expect(importMapHashes(distWith(html))).toEqual([`'sha256-${expected}'`]);
  });

  it('allows nothing inline when the page has no import map or there is no built page', () => {
    expect(importMapHashes(distWith('<html><script src="/a.js"></script></html>'))).toEqual([]);
    expect(importMapHashes(distWith(undefined))).toEqual([]);
  });
});
