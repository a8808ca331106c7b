import { useEffect, useRef } from 'react';

/** Runs `action` once after mount when `enabled`, even under StrictMode's double effects. */
export function useRunOnce(action: () => void, enabled: boolean): void {
  const hasRun = useRef(false);
  const actionRef = useRef(action);
  actionRef.current = action;
  useEffect(() => {
    if (!enabled || hasRun.current) return;
    hasRun.current = true;
    actionRef.current();
  }, [enabled]);
}
