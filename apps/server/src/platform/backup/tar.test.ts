import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTar, TAR_END, TarFormatError, tarEntry } from './tar.ts';

const archiveOf = (entries: { name: string; data: Buffer; mode: number }[]) =>
  Buffer.concat([...entries.flatMap((entry) => tarEntry(entry, new Date('2026-01-02T03:04:05Z'))), TAR_END]);

describe('tar', () => {
  it('reads back what it wrote, long paths included', () => {
    const long = `${'folder/'.repeat(20)}image.webp`;
    const entries = [
      { name: 'manifest.json', data: Buffer.from('{"a":1}'), mode: 0o600 },
      { name: long, data: Buffer.alloc(1300, 7), mode: 0o600 },
      { name: 'empty', data: Buffer.alloc(0), mode: 0o644 },
    ];
    const read = readTar(archiveOf(entries));
    expect(read.map((entry) => [entry.name, entry.data.length, entry.mode])).toEqual([
      ['manifest.json', 7, 0o600],
      [long, 1300, 0o600],
      ['empty', 0, 0o644],
    ]);
    expect(read[1]?.data.equals(Buffer.alloc(1300, 7))).toBe(true);
  });

  it('writes archives the system tar lists and extracts', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-tar-'));
    try {
      const file = path.join(dir, 'a.tar');
      writeFileSync(file, archiveOf([{ name: 'data/hello.txt', data: Buffer.from('hello\n'), mode: 0o600 }]));
      expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim()).toBe('data/hello.txt');
      execFileSync('tar', ['-xf', file, '-C', dir]);
      expect(readFileSync(path.join(dir, 'data/hello.txt'), 'utf8')).toBe('hello\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a damaged header and an archive cut short', () => {
    const archive = archiveOf([{ name: 'a.txt', data: Buffer.alloc(600, 1), mode: 0o600 }]);
    const damaged = Buffer.from(archive);
    damaged[10] = 0x41;
    expect(() => readTar(damaged)).toThrow(TarFormatError);
    expect(() => readTar(archive.subarray(0, 700))).toThrow('The archive ends inside a file');
  });
});
