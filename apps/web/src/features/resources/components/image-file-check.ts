import { RESOURCE_IMAGE_MAX_BYTES, RESOURCE_IMAGE_TYPES } from '@toolpass/contracts';

/** Why a chosen image is refused before upload (spec 02 §5); the server checks the same rules. */
export type ImageFileProblem = 'invalidType' | 'tooLarge';

/** The accepted types as a file picker filter. */
export const IMAGE_ACCEPT = RESOURCE_IMAGE_TYPES.join(',');

/** The accepted types as people know them: "JPEG, PNG, WebP". */
export const IMAGE_TYPE_NAMES = 'JPEG, PNG, WebP';

/** The size limit in whole megabytes, as the message states it. */
export const IMAGE_MAX_MEGABYTES = RESOURCE_IMAGE_MAX_BYTES / (1024 * 1024);

export function imageFileProblem(file: Pick<File, 'type' | 'size'>): ImageFileProblem | null {
  if (!(RESOURCE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'invalidType';
  if (file.size > RESOURCE_IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}
