import jsQRModule from 'jsqr';
import sharp from 'sharp';

// jsqr is CommonJS; its function carries itself as `default`, which is what the types describe here.
const jsQR = jsQRModule.default;

/** The text a QR code image holds, read from its pixels as a phone's scanner would. */
export async function decodeQrCode(
  imagePath: string,
): Promise<{ text: string; width: number; height: number }> {
  const { data, info } = await sharp(imagePath).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    info.width,
    info.height,
  );
  if (!code) throw new Error(`No QR code found in ${imagePath}`);
  return { text: code.data, width: info.width, height: info.height };
}
