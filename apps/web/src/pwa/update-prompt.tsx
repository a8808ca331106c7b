import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { isUpdateWaiting, ROOT_UPDATE_CHECK_MS, subscribeToUpdate } from './service-worker-registration.ts';
import { useUpdateChecks } from './use-update-checks.ts';

// Loaded only when a new version waits: the dialog's library stays out of the first download.
const UpdateDialog = lazy(() => import('./update-dialog.tsx'));

/** Spec 01 §9: "Remind Me in 10 minutes". */
export const REMIND_AFTER_MS = 10 * 60 * 1000;

/**
 * The update prompt (spec 01 §2, §4): a waiting new version opens a full-screen "New Version
 * Available"; updating shows the installing screen until the new version reloads the page;
 * "Remind Me in 10 minutes" hides it for ten minutes.
 */
export function UpdatePrompt() {
  useUpdateChecks(ROOT_UPDATE_CHECK_MS);
  const waiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting);
  const [snoozedUntil, setSnoozedUntil] = useState(0);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (snoozedUntil === 0) return;
    const timer = window.setTimeout(() => setTick((tick) => tick + 1), snoozedUntil - Date.now());
    return () => window.clearTimeout(timer);
  }, [snoozedUntil]);
  const isOpen = waiting && Date.now() >= snoozedUntil;
  return isOpen ? (
    <Suspense>
      <UpdateDialog onRemindLater={() => setSnoozedUntil(Date.now() + REMIND_AFTER_MS)} />
    </Suspense>
  ) : null;
}
