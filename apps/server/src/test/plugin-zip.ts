import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a zip as `zipEntries` writes it; the options let a test craft a hostile one. */
export type ZipEntry = {
  /** Written as given, so a test can name "../x" or "/etc/x". */
  name: string;
  data?: Buffer | string;
  /** The Unix mode with its type bits (0o120777 is a link, whose data is its target). */
  unixMode?: number;
  /** Deflate the data (stored unless told). */
  deflate?: boolean;
};

const REGULAR_FILE = 0o100644;
const DIRECTORY = 0o040755;
/** Unix (3) in the high byte, spec version 3.0 in the low one: readers take the mode from here. */
const MADE_BY_UNIX = (3 << 8) | 30;
const UTF8_NAMES = 0x0800;
// 2026-01-01 00:00 in DOS time; the value does not matter, a fixed one keeps packages identical.
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

/**
 * The one zip writer of the repository (no dependency): the example plugin's package, the API
 * tests' crafted packages and the browser tests' uploads. It writes what it is told, a hostile
 * name or a link included, which a zip library refuses to write.
 */
export function zipEntries(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data ?? '', 'utf8');
    const isDirectory = entry.name.endsWith('/');
    const mode = entry.unixMode ?? (isDirectory ? DIRECTORY : REGULAR_FILE);
    const stored = entry.deflate ? deflateRawSync(data) : data;
    const method = entry.deflate ? 8 : 0;
    const checksum = crc32(data);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, stored);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(MADE_BY_UNIX, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((mode & 0xffff) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The files under `folder` as zip entries named relative to it, in a stable order. */
export function folderEntries(folder: string, options: { only?: string[] } = {}): ZipEntry[] {
  const entries: ZipEntry[] = [];
  const walk = (relative: string) => {
    const here = path.join(folder, relative);
    for (const item of readdirSync(here, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const name = relative === '' ? item.name : `${relative}/${item.name}`;
      if (item.isDirectory()) walk(name);
      else if (item.isFile())
        entries.push({ name, data: readFileSync(path.join(folder, name)), deflate: true });
    }
  };
  walk('');
  const only = options.only;
  if (!only) return entries;
  return entries.filter((entry) =>
    only.some((prefix) => entry.name === prefix || entry.name.startsWith(`${prefix}/`)),
  );
}

/** A plugin folder (manifest.json at its root) as a .zip package. */
export function zipPluginFolder(folder: string): Buffer {
  return zipEntries(folderEntries(folder));
}
