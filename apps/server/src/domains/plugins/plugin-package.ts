import { createWriteStream } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  PLUGIN_MAX_ENTRIES,
  PLUGIN_MAX_UNPACKED_BYTES,
  type PluginManifest,
  PluginManifestSchema,
  PluginMessages,
} from '@toolpass/contracts';
import semver from 'semver';
import yauzl from 'yauzl';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { describeZodIssues } from '../../platform/http/validation-issues.ts';

const MANIFEST_FILE = 'manifest.json';
const MANIFEST_MAX_BYTES = 64 * 1024;

/** The file type bits of a zip entry made on Unix (the upper half of its external attributes). */
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/** A package refused for what it holds: the upload is a 400 and nothing of it stays behind. */
class PackageRefused extends AppError {
  constructor(message: string) {
    super(400, message, { errorCode: 'PLUGIN_PACKAGE_REFUSED' });
  }
}

/** Names only a plain relative path inside the package; `..`, absolute and drive paths are refused. */
function isPlainRelativePath(name: string): boolean {
  if (name.length === 0 || name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return false;
  if (name.includes('\\') || name.includes('\0')) return false;
  const segments = name.replace(/\/$/, '').split('/');
  return segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Refuses links, devices, pipes and sockets, whatever the name says. */
function entryKind(entry: yauzl.Entry): 'file' | 'directory' | 'other' {
  const madeOnUnix = entry.versionMadeBy >> 8 === 3;
  const type = madeOnUnix ? (entry.externalFileAttributes >>> 16) & S_IFMT : 0;
  const isDirectory = entry.fileName.endsWith('/');
  if (type === 0) return isDirectory ? 'directory' : 'file';
  if (type === S_IFDIR && isDirectory) return 'directory';
  if (type === S_IFREG && !isDirectory) return 'file';
  return 'other';
}

async function openZip(zip: Buffer): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.fromBufferPromise(zip, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw new PackageRefused(PluginMessages.notAZip);
  }
}

/**
 * Unpacks a plugin package into `destination`, an empty folder the caller made and removes when
 * this throws (issue 29). Every entry is checked before anything is written for it, and the
 * sizes are counted on the bytes as they inflate, never taken from the headers: a zip bomb is
 * stopped at 50 MB.
 */
export async function unpackPluginPackage(zip: Buffer, destination: string): Promise<void> {
  const root = path.resolve(destination);
  const zipFile = await openZip(zip);
  if (zipFile.entryCount > PLUGIN_MAX_ENTRIES) throw new PackageRefused(PluginMessages.tooManyEntries);
  let entries = 0;
  let unpackedBytes = 0;
  const countBytes = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        unpackedBytes += chunk.length;
        if (unpackedBytes > PLUGIN_MAX_UNPACKED_BYTES) done(new PackageRefused(PluginMessages.tooLarge));
        else done(null, chunk);
      },
    });
  try {
    for await (const entry of zipFile.eachEntry()) {
      entries += 1;
      if (entries > PLUGIN_MAX_ENTRIES) throw new PackageRefused(PluginMessages.tooManyEntries);
      const name = entry.fileName;
      const kind = entryKind(entry);
      if (!isPlainRelativePath(name) || kind === 'other' || entry.isEncrypted()) {
        throw new PackageRefused(PluginMessages.unsafeEntry(name));
      }
      const target = path.resolve(root, name);
      if (!target.startsWith(root + path.sep)) throw new PackageRefused(PluginMessages.unsafeEntry(name));
      if (kind === 'directory') {
        await mkdir(target, { recursive: true, mode: 0o700 });
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const content = await zipFile.openReadStreamPromise(entry);
      try {
        // 'wx': a second entry of the same name is refused, not written over the first.
        await pipeline(content, countBytes(), createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === 'EEXIST') {
          throw new PackageRefused(PluginMessages.duplicateEntry(name));
        }
        throw new PackageRefused(PluginMessages.notAZip);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // yauzl's own refusals (a name it finds unsafe, sizes that disagree, a broken archive).
    const message = error instanceof Error ? error.message : '';
    if (/absolute path|invalid relative path|invalid characters/.test(message)) {
      throw new PackageRefused(PluginMessages.unsafeEntry(message.replace(/^[^:]*: /, '')));
    }
    if ((error as { code?: string }).code === 'ENOTDIR' || (error as { code?: string }).code === 'EEXIST') {
      throw new PackageRefused(PluginMessages.unsafeEntry(message));
    }
    throw new PackageRefused(PluginMessages.notAZip);
  } finally {
    zipFile.close();
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The manifest of an unpacked package, checked against the schema, the running app version and
 * the files it names.
 */
export async function readPluginManifest(folder: string, appVersion: string): Promise<PluginManifest> {
  const file = path.join(folder, MANIFEST_FILE);
  if (!(await isFile(file))) throw new PackageRefused(PluginMessages.noManifest);
  if ((await stat(file)).size > MANIFEST_MAX_BYTES) throw new PackageRefused(PluginMessages.invalidManifest);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new PackageRefused(PluginMessages.invalidManifest);
  }
  const parsed = PluginManifestSchema.safeParse(json);
  if (!parsed.success) {
    throw badRequest(PluginMessages.invalidManifest, {
      ...describeZodIssues(parsed.error.issues),
      errorCode: 'PLUGIN_PACKAGE_REFUSED',
    });
  }
  const manifest = parsed.data;
  if (semver.validRange(manifest.toolpass) === null) {
    throw badRequest(PluginMessages.invalidManifest, {
      errors: { toolpass: ['must be a semver range such as ^0.1.0'] },
      errorCode: 'PLUGIN_PACKAGE_REFUSED',
    });
  }
  if (!semver.satisfies(appVersion, manifest.toolpass, { includePrerelease: true })) {
    throw new PackageRefused(PluginMessages.incompatible(manifest.toolpass, appVersion));
  }
  for (const part of [manifest.main.frontend, manifest.main.backend]) {
    if (!part) continue;
    const entryPoint = `${part.directory}/${part.entryPoint}`;
    if (!(await isFile(path.join(folder, entryPoint)))) {
      throw new PackageRefused(PluginMessages.missingEntryPoint(entryPoint));
    }
  }
  return manifest;
}
