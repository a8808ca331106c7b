/** Spec 01 §9: how often to look for a new version. */
export const ROOT_UPDATE_CHECK_MS = 15 * 60 * 1000;
export const PROMPT_UPDATE_CHECK_MS = 10 * 60 * 1000;

type Listener = () => void;

/** What the page knows of its service worker: whether a new version waits to take over. */
let registration: ServiceWorkerRegistration | undefined;
let waiting = false;
const listeners = new Set<Listener>();
function setWaiting() {
  if (waiting) return;
  waiting = true;
  for (const listener of listeners) listener();
}

/** A worker that finished installing while another controls the page waits for the member. */
function watch(worker: ServiceWorker | null) {
  if (!worker) return;
  const check = () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) setWaiting();
  };
  check();
  worker.addEventListener('statechange', check);
}

/**
 * Registers /service-worker.js (production builds only: the dev server has none). A new version
 * that finishes installing waits; the update prompt asks the member before it takes over, and
 * the page reloads once it does. The browser's own API, not a library: this runs on the sign-in
 * screen, whose download has a budget. Registration errors are logged only (spec 01 §8).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registration) return;
  const hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install takes control without a reload; a new version reloads into itself.
    if (hadController) window.location.reload();
  });
  navigator.serviceWorker
    .register('/service-worker.js')
    .then((registered) => {
      registration = registered;
      watch(registered.waiting);
      watch(registered.installing);
      registered.addEventListener('updatefound', () => watch(registered.installing));
    })
    .catch((error: unknown) => console.error('Service worker registration failed', error));
}

export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isUpdateWaiting = () => waiting;

/** Asks the server for a newer service worker; quietly does nothing offline. */
export function checkForUpdate(): void {
  void registration?.update().catch(() => undefined);
}

/** The member chose to update: the waiting worker takes over, and `controllerchange` reloads. */
export function activateWaitingWorker(): void {
  registration?.waiting?.postMessage({ type: 'SKIP_WAITING' });
}
