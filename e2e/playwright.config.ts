import { defineConfig, devices, type LaunchOptions } from '@playwright/test';

/** Debian's Chromium and the flags every browser test uses; no browser is downloaded. */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Browser tests against the built app served by the real server (see support/global-setup.ts). */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  outputDir: './test-results',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Stories sign several people in and visit many screens; on two busy cores a long one takes
  // over a minute. A hung test still ends, only later.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    // A service worker would download the whole precache in every new context, on the CPU the
    // test needs; web-offline-and-update.spec.ts allows it for the stories about it.
    serviceWorkers: 'block',
  },
});
