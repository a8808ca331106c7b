import { createHash } from 'node:crypto';
import { createWriteStream, lstatSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { SQLITE_FILE_NAME } from '../db/database.ts';
import { CONTROL_SOCKET_NAME } from './control-socket.ts';
import { PID_FILE_NAME } from './data-dir-lock.ts';
import { readTar, TAR_END, TarFormatError, tarEntry } from './tar.ts';

/** What a backup archive says about itself (decision 22). */
export const BackupManifestSchema = z.object({
  format: z.literal('toolpass-backup'),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  /** The newest migration the database had run: a restore refuses a schema newer than its code. */
  schemaVersion: z.string().min(1),
  createdAt: z.iso.datetime(),
  /** Which database the server used; with PostgreSQL the database itself is not in the archive. */
  database: z.enum(['sqlite', 'postgres']),
  files: z.array(
    z.object({
      path: z.string().min(1),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

export const MANIFEST_ENTRY = 'manifest.json';
const DATA_PREFIX = 'data/';

/** A refused backup or restore: its message for the operator and the command's exit code. */
export class BackupRefusedError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number) {
    super(message);
    this.name = 'BackupRefusedError';
    this.exitCode = exitCode;
  }
}

/** sysexits: bad data, and a resource in use. */
export const EXIT_DAMAGED = 65;
export const EXIT_IN_USE = 75;

/** Files of the data folder that are the live database or a running server's marks. */
const NOT_COPIED = new Set([
  SQLITE_FILE_NAME,
  `${SQLITE_FILE_NAME}-wal`,
  `${SQLITE_FILE_NAME}-shm`,
  `${SQLITE_FILE_NAME}-journal`,
  PID_FILE_NAME,
  CONTROL_SOCKET_NAME,
]);

/** Regular files under the data folder, as paths relative to it with forward slashes. */
export function listDataFiles(dataDir: string, skip: (absolute: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const name of readdirSync(path.join(dataDir, relative)).sort()) {
      const child = relative ? `${relative}/${name}` : name;
      const absolute = path.join(dataDir, child);
      if (skip(absolute) || (relative === '' && NOT_COPIED.has(name))) continue;
      const stat = lstatSync(absolute, { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(child);
      else if (stat?.isFile()) found.push(child);
    }
  };
  walk('');
  return found;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Writes the archive: the database snapshot (if any) and every other file of the data folder
 * under `data/`, then the manifest with their checksums. The archive appears under its name
 * only once complete.
 */
export async function writeBackupArchive(options: {
  to: string;
  dataDir: string;
  /** The snapshot of the embedded database; stored as the data folder's database file. */
  databaseSnapshot: string | undefined;
  manifest: Omit<BackupManifest, 'files' | 'format' | 'formatVersion'>;
  skip: (absolute: string) => boolean;
}): Promise<BackupManifest> {
  const partial = `${options.to}.partial-${process.pid}`;
  const mtime = new Date(options.manifest.createdAt);
  const files: BackupManifest['files'] = [];
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  const add = (name: string, data: Buffer, mode: number) =>
    new Promise<void>((resolve, reject) => {
      for (const part of tarEntry({ name, data, mode }, mtime)) gzip.write(part);
      // Waits for the compressor to take the entry before reading the next file.
      if (gzip.writableNeedDrain) gzip.once('drain', resolve).once('error', reject);
      else resolve();
    });
  try {
    const sources: { name: string; absolute: string }[] = [];
    if (options.databaseSnapshot)
      sources.push({ name: SQLITE_FILE_NAME, absolute: options.databaseSnapshot });
    for (const name of listDataFiles(options.dataDir, options.skip))
      sources.push({ name, absolute: path.join(options.dataDir, name) });
    for (const source of sources) {
      let data: Buffer;
      try {
        data = readFileSync(source.absolute);
      } catch (error) {
        // An upload deleted while the backup runs is no longer part of the data.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      files.push({ path: source.name, size: data.length, sha256: sha256(data) });
      await add(`${DATA_PREFIX}${source.name}`, data, 0o600);
    }
    const manifest: BackupManifest = {
      format: 'toolpass-backup',
      formatVersion: 1,
      ...options.manifest,
      files,
    };
    await add(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 0o600);
    gzip.end(TAR_END);
    await written;
    renameSync(partial, options.to);
    return manifest;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    rmSync(partial, { force: true });
    throw error;
  }
}

function isSafeRelativePath(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || name.includes('\0')) return false;
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * Reads and checks a whole archive: it decompresses, its manifest is one this code reads, and
 * every file is there with its size and checksum and nothing else is. Throws BackupRefusedError.
 */
export function readBackupArchive(file: string): { manifest: BackupManifest; files: Map<string, Buffer> } {
  const damaged = (why: string) =>
    new BackupRefusedError(
      `The backup archive ${file} is damaged: ${why}. Nothing was changed.`,
      EXIT_DAMAGED,
    );
  let entries: ReturnType<typeof readTar>;
  try {
    entries = readTar(gunzipSync(readFileSync(file)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupRefusedError(`There is no backup archive at ${file}.`, 66);
    if (error instanceof TarFormatError) throw damaged(error.message.toLowerCase());
    throw damaged(`it does not decompress (${(error as Error).message})`);
  }
  const manifestEntry = entries.find((entry) => entry.name === MANIFEST_ENTRY);
  if (!manifestEntry) throw damaged('it has no manifest');
  let manifest: BackupManifest;
  try {
    manifest = BackupManifestSchema.parse(JSON.parse(manifestEntry.data.toString('utf8')));
  } catch {
    throw damaged('its manifest is not a Toolpass backup manifest');
  }
  const files = new Map<string, Buffer>();
  for (const entry of entries) {
    if (entry === manifestEntry) continue;
    const name = entry.name.startsWith(DATA_PREFIX) ? entry.name.slice(DATA_PREFIX.length) : '';
    if (!isSafeRelativePath(name)) throw damaged(`it holds an unexpected entry ${entry.name}`);
    files.set(name, entry.data);
  }
  const listed = new Set(manifest.files.map((listedFile) => listedFile.path));
  for (const name of files.keys()) if (!listed.has(name)) throw damaged(`${name} is not in its manifest`);
  for (const expected of manifest.files) {
    const data = files.get(expected.path);
    if (!data) throw damaged(`${expected.path} is missing`);
    if (data.length !== expected.size || sha256(data) !== expected.sha256)
      throw damaged(`the checksum of ${expected.path} does not match`);
  }
  if (manifest.database === 'sqlite' && !files.has(SQLITE_FILE_NAME))
    throw damaged('its database is missing');
  return { manifest, files };
}
