import type { Page } from '@playwright/test';

/**
 * Real touch input through the DevTools protocol, the way a finger reaches the page (Playwright's
 * own touch API only taps). The page needs `hasTouch: true`.
 */
export async function touchDrag(
  page: Page,
  from: { x: number; y: number },
  dy: number,
  options: { release: boolean } = { release: true },
): Promise<{ release: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const steps = Math.max(1, Math.ceil(Math.abs(dy) / 10));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= steps; step += 1) {
    const point = { x: from.x, y: from.y + (dy * step) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  const release = async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  };
  if (options.release) await release();
  return { release };
}
