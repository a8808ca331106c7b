import { useEffect } from 'react';
import { checkForUpdate } from './service-worker-registration.ts';

/**
 * Looks for a new version every `intervalMs` while the tab is visible, and at once when it
 * becomes visible again (spec 01 §9); a hidden tab asks nothing.
 */
export function useUpdateChecks(intervalMs: number): void {
  useEffect(() => {
    let timer: number | undefined;
    const schedule = () => {
      window.clearInterval(timer);
      timer =
        document.visibilityState === 'visible' ? window.setInterval(checkForUpdate, intervalMs) : undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') checkForUpdate();
      schedule();
    };
    schedule();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [intervalMs]);
}
