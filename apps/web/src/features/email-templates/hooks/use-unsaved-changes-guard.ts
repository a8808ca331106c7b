import { useEffect } from 'react';
import { type Blocker, useBlocker } from 'react-router';

/**
 * Asks before unsaved changes are lost: a move to another page inside the app is held (the
 * caller shows the blocker's question), and closing or reloading the tab gets the browser's own.
 */
export function useUnsavedChangesGuard(hasUnsavedChanges: boolean): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    // Saved in the meantime (or the change undone): nothing is lost any more, so the move goes on.
    if (blocker.state === 'blocked' && !hasUnsavedChanges) blocker.proceed();
  }, [blocker, hasUnsavedChanges]);

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsavedChanges]);

  return blocker;
}
