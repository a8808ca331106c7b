import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';

/** Square, and inside the scanner's constraints (width and height at least 640). */
const FRAME_SIZE = 720;
const FRAME_COUNT = 2;

/**
 * Writes a Y4M video whose frames show a QR code of `text`, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`). Full-range 4:2:0: the grey picture is the luma plane,
 * and neutral chroma planes make it black and white.
 */
export async function writeQrCodeVideo(file: string, text: string): Promise<void> {
  const png = await QRCode.toBuffer(text, { margin: 4, width: FRAME_SIZE, errorCorrectionLevel: 'M' });
  const luma = await sharp(png)
    .resize(FRAME_SIZE, FRAME_SIZE, { kernel: 'nearest', fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer();
  const chroma = Buffer.alloc((FRAME_SIZE / 2) * (FRAME_SIZE / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${FRAME_SIZE} H${FRAME_SIZE} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.concat([header, ...Array.from({ length: FRAME_COUNT }, () => frame)]));
}
