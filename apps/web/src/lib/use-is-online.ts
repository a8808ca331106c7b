import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it has a network; the banner and the query client follow it. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/** The offline banner's element id: what a control disabled offline is described by. */
export const OFFLINE_BANNER_ID = 'offline-banner';

/**
 * The props of a button that needs the server: disabled offline and described by the offline
 * banner that says why (spec 01 §1); it comes back by itself with the network.
 */
export function useNeedsConnection(isDisabled?: boolean) {
  const isOnline = useIsOnline();
  return {
    isDisabled: isDisabled === true || !isOnline,
    'aria-describedby': isOnline ? undefined : OFFLINE_BANNER_ID,
  };
}
