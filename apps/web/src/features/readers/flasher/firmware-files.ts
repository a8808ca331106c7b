import {
  FIRMWARE_ASSETS_PATH,
  type FirmwareEntry,
  type FirmwareIndex,
  FirmwareIndexSchema,
  type FirmwareManifest,
  FirmwareManifestSchema,
} from '@toolpass/contracts';

/** The firmware list the server answers; anything else is a failed load, not an empty list. */
export function parseFirmwareIndex(value: unknown): FirmwareIndex {
  const parsed = FirmwareIndexSchema.safeParse(value);
  if (!parsed.success) throw new Error('The firmware list is not in the expected form');
  return parsed.data;
}

export function parseFirmwareManifest(value: unknown): FirmwareManifest {
  const parsed = FirmwareManifestSchema.safeParse(value);
  if (!parsed.success) throw new Error('The firmware manifest is not in the expected form');
  return parsed.data;
}

/** What to write where: the first build's images, each at its offset, from the assets path. */
export function flashPlan(manifest: FirmwareManifest): { url: string; address: number }[] {
  const [build] = manifest.builds;
  return (build?.parts ?? []).map((part) => ({
    url: `${FIRMWARE_ASSETS_PATH}/${part.path}`,
    address: part.offset,
  }));
}

/** How an entry is named in the list: "FABReader ESP32-C3 1.4.0 (ESP32-C3)". */
export const firmwareLabel = (entry: FirmwareEntry) =>
  `${entry.friendly_name} ${entry.version} (${entry.board_family})`;
