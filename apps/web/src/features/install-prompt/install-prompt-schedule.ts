import type { InstallPlatform } from './install-platform.ts';

/** Chrome style: the browser's own install prompt behind a button. Apple and Android: how-to steps. */
export type InstallDialogVariant = 'chrome' | 'apple' | 'android';

/** Spec 01 §9: the Apple and the Android fallback dialogs open 1 s after detection. */
export const SHOW_DELAY_MS = 1000;
/** How often the Android fallback looks for a late install prompt event, and for how long. */
export const FALLBACK_POLL_INTERVAL_MS = 1000;
export const FALLBACK_POLL_LIMIT_MS = 30_000;

export type InstallSituation = {
  platform: InstallPlatform;
  isInstalled: boolean;
  isHidden: boolean;
  hasPromptEvent: () => boolean;
};

/**
 * Decides which install dialog opens and when; calls `show` for it. Android gets the how-to steps
 * unless Chromium offers its install prompt, which may come late, so it is looked for each second
 * for 30 seconds and replaces the steps when it comes. Returns a function that stops everything.
 */
export function scheduleInstallDialog(
  situation: InstallSituation,
  show: (variant: InstallDialogVariant) => void,
): () => void {
  if (situation.isInstalled || situation.isHidden || situation.platform === 'other') return () => undefined;
  if (situation.platform === 'apple') {
    const timer = window.setTimeout(() => show('apple'), SHOW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }
  if (situation.hasPromptEvent()) {
    show('chrome');
    return () => undefined;
  }

  const fallback = window.setTimeout(() => show('android'), SHOW_DELAY_MS);
  const poll = window.setInterval(() => {
    if (!situation.hasPromptEvent()) return;
    stop();
    show('chrome');
  }, FALLBACK_POLL_INTERVAL_MS);
  const limit = window.setTimeout(() => window.clearInterval(poll), FALLBACK_POLL_LIMIT_MS);
  function stop() {
    window.clearTimeout(fallback);
    window.clearInterval(poll);
    window.clearTimeout(limit);
  }
  return stop;
}
