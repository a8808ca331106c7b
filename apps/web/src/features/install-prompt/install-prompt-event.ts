import { detectInstallPlatform } from './install-platform.ts';

/** Chromium's `beforeinstallprompt` event; not in TypeScript's DOM types. */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let captured: BeforeInstallPromptEvent | undefined;

/**
 * Keeps Chromium's install prompt for our own dialog. Call at startup: the event can fire before
 * any component is mounted, and only once per page load. Outside Android the browser keeps its own.
 */
export function captureInstallPromptEvent(): void {
  if (detectInstallPlatform(navigator) !== 'android') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    captured = event as BeforeInstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    captured = undefined;
  });
}

export function hasInstallPromptEvent(): boolean {
  return captured !== undefined;
}

/** The event, handed out once: Chromium lets `prompt()` run only once per event. */
export function takeInstallPromptEvent(): BeforeInstallPromptEvent | undefined {
  const event = captured;
  captured = undefined;
  return event;
}
