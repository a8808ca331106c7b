import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ResourceErrorCodes, ResourceMessages } from '@toolpass/contracts';
import sharp from 'sharp';
import { badRequest } from '../../platform/http/errors.ts';

/** Formats accepted by their content, whatever the file name or declared type says (spec 02 §9). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Larger photos are scaled down: a resource image is a thumbnail and a header, not an archive. */
const MAX_EDGE_PX = 2048;
/** Refuses decompression bombs (a small PNG of enormous dimensions) before decoding them. */
const MAX_INPUT_PIXELS = 60_000_000;

const invalidImage = () =>
  badRequest(ResourceMessages.invalidImageType, { errorCode: ResourceErrorCodes.invalidImageType });

/**
 * Resource images under DATA_DIR/uploads/resources: checked by content with sharp, re-encoded
 * to WebP (which drops EXIF and other metadata, including GPS positions) and stored under a
 * random name, so a file name from the client never reaches the disk.
 */
export function createResourceImageStore(deps: { dataDir: string }) {
  const directory = path.join(deps.dataDir, 'uploads', 'resources');

  return {
    directory,

    /** The re-encoded image, or 400 when the bytes are not a JPEG, PNG or WebP image. */
    async prepare(upload: Buffer): Promise<Buffer> {
      let format: string | undefined;
      try {
        format = (await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
      } catch {
        throw invalidImage();
      }
      if (!format || !ACCEPTED_FORMATS.has(format)) throw invalidImage();
      try {
        return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate() // applies the EXIF orientation before the metadata is dropped
          .resize({ width: MAX_EDGE_PX, height: MAX_EDGE_PX, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        // A header that parses but pixel data that does not (a truncated file).
        throw invalidImage();
      }
    },

    /** Stores a prepared image and answers its new file name. */
    async save(image: Buffer): Promise<string> {
      await mkdir(directory, { recursive: true });
      const filename = `${randomBytes(16).toString('hex')}.webp`;
      await writeFile(path.join(directory, filename), image, { flag: 'wx' });
      return filename;
    },

    async remove(filename: string | null | undefined): Promise<void> {
      if (filename) await rm(path.join(directory, path.basename(filename)), { force: true });
    },

    pathOf(filename: string): string {
      return path.join(directory, path.basename(filename));
    },
  };
}

export type ResourceImageStore = ReturnType<typeof createResourceImageStore>;
