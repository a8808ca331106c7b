/**
 * Draws the PNG icons of the web app manifest and the Apple touch icon from the logo in
 * public/favicon.svg. Run once after changing the logo (`node scripts/generate-icons.ts` in
 * apps/web); the PNGs are committed. sharp comes from the server's dependencies.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.join(import.meta.dirname, '..', 'public');
const logo = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const background = /<rect[^>]*fill="(#[0-9a-f]{3,6})"/i.exec(logo)?.[1];
const glyph = /<path d="([^"]+)" fill="(#[0-9a-f]{3,6})"/i.exec(logo);
if (!background || !glyph) throw new Error('favicon.svg no longer has the expected rect and path');

/**
 * The glyph on a full square of the background colour, for launchers that cut their own shape.
 * The glyph stays inside the central circle of 80 % that maskable icons must keep clear.
 */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${background}"/><path d="${glyph[1]}" fill="${glyph[2]}"/>
</svg>`;

async function draw(svg: string, size: number, file: string) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, file));
  console.log(`${file} ${size}x${size}`);
}

await draw(logo, 192, 'icon-192.png');
await draw(logo, 512, 'icon-512.png');
await draw(fullBleed, 512, 'icon-512-maskable.png');
// iOS rounds the corners itself and fills transparency with black, so the touch icon is square.
await draw(fullBleed, 180, 'apple-touch-icon.png');
