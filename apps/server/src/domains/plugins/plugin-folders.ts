import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { makePrivate } from '../../platform/data-dir.ts';
import { unpackPluginPackage } from './plugin-package.ts';

const UNPACK_PREFIX = '.unpack-';
/** An unpack folder this old belongs to no install still under way (one takes seconds). */
const STALE_UNPACK_MS = 10 * 60 * 1000;

/** What names an unpacked folder: the plugin, its revision and its package's content. */
export type PluginFolderKey = { name: string; revision: number; packageSha256: string };

const folderName = (key: PluginFolderKey) => `${key.name}@${key.revision}-${key.packageSha256.slice(0, 12)}`;

/**
 * The plugins' folders under DATA_DIR/plugins (issue 29): one per plugin revision,
 * `<name>@<revision>-<sha256 prefix>`, made complete before it gets that name. A package is unpacked into
 * `.unpack-<random>` and renamed into place, so a crash never leaves half a plugin under a
 * plugin's name; leftovers are swept.
 */
export function createPluginFolders(dataDir: string) {
  const root = path.join(dataDir, 'plugins');
  const folderOf = (key: PluginFolderKey) => path.join(root, folderName(key));

  async function ensureRoot(): Promise<void> {
    await mkdir(root, { recursive: true, mode: 0o700 });
    makePrivate(root, 0o700);
  }

  return {
    root,
    folderOf,

    /** Unpacks into a fresh temporary folder; on any refusal the folder is gone again. */
    async unpackToTemporary(zip: Buffer): Promise<string> {
      await ensureRoot();
      const temporary = path.join(root, `${UNPACK_PREFIX}${randomBytes(8).toString('hex')}`);
      await mkdir(temporary, { mode: 0o700 });
      try {
        await unpackPluginPackage(zip, temporary);
        return temporary;
      } catch (error) {
        await rm(temporary, { recursive: true, force: true });
        throw error;
      }
    },

    async discard(folder: string): Promise<void> {
      await rm(folder, { recursive: true, force: true });
    },

    /**
     * Moves a complete temporary folder into place as this revision. A folder already there is
     * complete too (renamed in the same way, by this or another instance sharing DATA_DIR), so
     * the temporary one is dropped.
     */
    async place(temporary: string, key: PluginFolderKey): Promise<string> {
      const target = folderOf(key);
      try {
        await rename(temporary, target);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== 'EEXIST' && code !== 'ENOTEMPTY') throw error;
        await rm(temporary, { recursive: true, force: true });
      }
      return target;
    },

    async exists(key: PluginFolderKey): Promise<boolean> {
      return (await stat(folderOf(key)).catch(() => undefined))?.isDirectory() ?? false;
    },

    /** Removes every folder but the current revisions and unpacks that may still be under way. */
    async sweep(current: PluginFolderKey[], now: number): Promise<void> {
      const keep = new Set(current.map(folderName));
      const entries = await readdir(root).catch(() => [] as string[]);
      for (const entry of entries) {
        if (keep.has(entry)) continue;
        const folder = path.join(root, entry);
        if (entry.startsWith(UNPACK_PREFIX)) {
          const info = await stat(folder).catch(() => undefined);
          if (info && now - info.mtimeMs < STALE_UNPACK_MS) continue;
        }
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}

export type PluginFolders = ReturnType<typeof createPluginFolders>;
