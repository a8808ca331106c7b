import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  FIRMWARE_ASSETS_PATH,
  type FirmwareEntry,
  FirmwareFileNameSchema,
  type FirmwareIndex,
  FirmwareManifestSchema,
} from '@toolpass/contracts';

const MANIFEST_SUFFIX = '.json';
/** The folder's own index is built, never read: a file of that name in the folder is ignored. */
const INDEX_FILE = 'index.json';
/** Manifests are a few hundred bytes; a larger .json is not one. */
const MAX_MANIFEST_BYTES = 64 * 1024;

const isMissing = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';

/**
 * Reader firmware under DATA_DIR/fabreader-firmware/ (the readers design: Flasher): one flat
 * folder of ESP Web Tools manifests (`<environment>.json`) and the images they name. The index
 * is built from the folder at each request, so a firmware an administrator adds or removes
 * shows up without a restart.
 */
export function createFirmwareFolder(deps: {
  dataDir: string;
  onSkipped?: (file: string, reason: string) => void;
}) {
  const directory = path.join(deps.dataDir, 'fabreader-firmware');

  async function fileNames(): Promise<string[]> {
    try {
      const entries = await readdir(directory, { withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && FirmwareFileNameSchema.safeParse(entry.name).success)
        .map((entry) => entry.name);
    } catch (error) {
      // No folder is no firmware; the flasher explains an empty list.
      if (isMissing(error)) return [];
      throw error;
    }
  }

  async function entryOf(file: string, present: Set<string>): Promise<FirmwareEntry | undefined> {
    const location = path.join(directory, file);
    if ((await stat(location)).size > MAX_MANIFEST_BYTES) {
      deps.onSkipped?.(file, 'larger than a manifest');
      return undefined;
    }
    let manifest: ReturnType<typeof FirmwareManifestSchema.safeParse>;
    try {
      manifest = FirmwareManifestSchema.safeParse(JSON.parse(await readFile(location, 'utf8')));
    } catch {
      deps.onSkipped?.(file, 'not JSON');
      return undefined;
    }
    if (!manifest.success) {
      deps.onSkipped?.(file, 'not an ESP Web Tools manifest');
      return undefined;
    }
    const [build] = manifest.data.builds;
    // An entry whose images are missing would fail halfway through a flash.
    const missing = build?.parts.find((part) => !present.has(part.path));
    if (!build || missing) {
      deps.onSkipped?.(file, `names ${missing?.path ?? 'no image'}, which is not in the folder`);
      return undefined;
    }
    return {
      environment: file.slice(0, -MANIFEST_SUFFIX.length),
      friendly_name: manifest.data.name,
      version: manifest.data.version,
      board_family: build.chipFamily,
      manifest_path: `${FIRMWARE_ASSETS_PATH}/${file}`,
    };
  }

  return {
    directory,

    async index(): Promise<FirmwareIndex> {
      const names = await fileNames();
      const present = new Set(names);
      const manifests = names.filter((name) => name.endsWith(MANIFEST_SUFFIX) && name !== INDEX_FILE);
      const entries = await Promise.all(manifests.map((name) => entryOf(name, present)));
      const firmwares = entries
        .filter((entry): entry is FirmwareEntry => entry !== undefined)
        .sort(
          (a, b) =>
            a.friendly_name.localeCompare(b.friendly_name) || a.environment.localeCompare(b.environment),
        );
      return { firmwares };
    },

    /** The file's path and size, or undefined for a name that is not a plain file in the folder. */
    async file(name: string): Promise<{ path: string; size: number } | undefined> {
      if (!FirmwareFileNameSchema.safeParse(name).success || name === INDEX_FILE) return undefined;
      const location = path.join(directory, name);
      // The schema already forbids separators and dot segments; this holds even if it changed.
      if (path.dirname(location) !== directory) return undefined;
      const info = await stat(location).catch(() => undefined);
      return info?.isFile() ? { path: location, size: info.size } : undefined;
    },
  };
}

export type FirmwareFolder = ReturnType<typeof createFirmwareFolder>;
