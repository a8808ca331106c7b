import { describe, expect, it } from 'vitest';
import { detectInstallPlatform } from './install-platform.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

describe('detectInstallPlatform', () => {
  it.each([
    ['Safari on an iPhone', IPHONE_SAFARI, 5, 'apple'],
    ['Safari on an iPad asking for desktop sites', IPAD_DESKTOP_MODE, 5, 'apple'],
    ['Safari on a Mac', IPAD_DESKTOP_MODE, 0, 'other'],
    ['Chrome on an iPhone', IPHONE_CHROME, 5, 'other'],
    ['Chrome on Android', ANDROID_CHROME, 5, 'android'],
    ['Chrome on a desktop', DESKTOP_CHROME, 0, 'other'],
  ])('%s', (_case, userAgent, maxTouchPoints, platform) => {
    expect(detectInstallPlatform({ userAgent, maxTouchPoints })).toBe(platform);
  });
});
