import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ResourceErrorCodes, ResourceMessages } from '@toolpass/contracts';
import type Sharp from 'sharp';
import { badRequest } from '../../platform/http/errors.ts';
import { lazyModule } from '../../platform/lazy-module.ts';

/** sharp (with libvips) loads with the first upload, not with the server. */
const loadSharp = lazyModule<typeof Sharp>('sharp');

/** Formats accepted by their content, whatever the file name or declared type says (spec 02 §9). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Larger photos are scaled down: a resource image is a thumbnail and a header, not an archive. */
const MAX_EDGE_PX = 2048;
/**
 * Refuses decompression bombs (a small PNG of enormous dimensions) and oversized photos from
 * their header, before any pixel is decoded: 40 megapixels is more than any phone camera takes.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

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
      const sharp = loadSharp();
      let header: { format?: string | undefined; width?: number | undefined; height?: number | undefined };
      try {
        // Reads the header only; nothing is decoded yet, so the size is checked below with its
        // own message rather than by sharp's pixel limit.
        header = await sharp(upload, { limitInputPixels: false }).metadata();
      } catch {
        throw invalidImage();
      }
      if (!header.format || !ACCEPTED_FORMATS.has(header.format)) throw invalidImage();
      if ((header.width ?? 0) * (header.height ?? 0) > MAX_INPUT_PIXELS) {
        throw badRequest(ResourceMessages.imageTooManyPixels, {
          errorCode: ResourceErrorCodes.imageTooManyPixels,
        });
      }
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
      // Only the server's user may read the data folder (issue 12).
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const filename = `${randomBytes(16).toString('hex')}.webp`;
      await writeFile(path.join(directory, filename), image, { flag: 'wx', mode: 0o600 });
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
