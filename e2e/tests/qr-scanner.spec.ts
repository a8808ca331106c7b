import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import config from '../playwright.config.ts';
import { openSignedIn } from '../support/accounts.ts';
import { createMember } from '../support/detail-api.ts';
import { e2eEnvironment } from '../support/environment.ts';
import { expect, expectAccessible, saveScreenshot, test } from '../support/fixtures.ts';
import { writeQrCodeVideo } from '../support/qr-fake-camera.ts';

const VIDEO_DIR = path.join(tmpdir(), 'toolpass-e2e-qr-camera');
const FOREIGN_ADDRESS = 'https://toolpass.example.com/resources/1';

/**
 * Chromium's fake camera plays this file and grants camera access without a prompt; the suite's
 * own launch flags stay. Launch options are fixed per worker, so each test writes the code it
 * needs into the file before opening the scanner: the fake camera reads it at every start.
 */
const VIDEO_FILE = path.join(VIDEO_DIR, 'fake-camera.y4m');
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  permissions: ['camera'],
  launchOptions: {
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${VIDEO_FILE}`,
    ],
  },
});

async function openScanner(page: Page) {
  const member = await createMember('qr-scanner');
  await openSignedIn(page, member, '/resources');
  await page.getByRole('button', { name: 'Scan QR code' }).click();
  return page.getByRole('dialog', { name: 'Scan QR code' });
}

/** Whether the overlay canvas holds yellow pixels: the outline drawn around a detected code. */
function hasYellowOutline(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const canvas = document.querySelector('[role="dialog"] canvas');
    if (!(canvas instanceof HTMLCanvasElement) || canvas.width === 0) return false;
    const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    for (let index = 0; index < pixels.length; index += 4) {
      const [red = 0, green = 0, blue = 0] = [pixels[index], pixels[index + 1], pixels[index + 2]];
      if (red > 200 && green > 180 && blue < 100) return true;
    }
    return false;
  });
}

test('a code of this app is followed: the scanner closes and its path, query and hash open', async ({
  page,
}) => {
  await writeQrCodeVideo(VIDEO_FILE, `${e2eEnvironment().baseUrl}/account-settings?from=qr#email`);
  const scanner = await openScanner(page);
  await expect(page).toHaveURL(`${e2eEnvironment().baseUrl}/account-settings?from=qr#email`);
  await expect(scanner).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
});

test('a code of another origin is refused with "Wrong origin", and the camera can be switched off', async ({
  page,
}, testInfo) => {
  await writeQrCodeVideo(VIDEO_FILE, FOREIGN_ADDRESS);
  const scanner = await openScanner(page);
  await expect(page.getByText('Wrong origin')).toBeVisible();
  await expect(
    page.getByText('The origin of the QR code is not correct. Please check the address and try again.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/resources$/);
  await expect(scanner).toBeVisible();
  await expect.poll(() => hasYellowOutline(page)).toBe(true);
  await expectAccessible(page);
  await saveScreenshot(page, testInfo, 'qr-scanner-desktop');

  const turnOff = scanner.getByRole('button', { name: 'Turn camera off' });
  await turnOff.click();
  const turnOn = scanner.getByRole('button', { name: 'Turn camera on' });
  await expect(scanner.getByText('The camera is off.')).toBeVisible();
  await expect(turnOn).toBeDisabled();
  expect(await scanner.locator('video').evaluate((video: HTMLVideoElement) => video.srcObject)).toBeNull();
  // Pressable again after a second.
  await expect(turnOn).toBeEnabled({ timeout: 2_000 });
  await turnOn.click();
  await expect(scanner.getByRole('button', { name: 'Turn camera off' })).toBeVisible();

  await scanner.getByRole('button', { name: 'Close' }).last().click();
  await expect(scanner).toBeHidden();
  await expect(page.locator('video')).toHaveCount(0);
});
