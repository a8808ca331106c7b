import { useCallback, useEffect, useState } from 'react';

/** A flag that turns itself off `durationMs` after `lock()`: keeps a button from being pressed again. */
export function useTemporaryLock(durationMs: number): [isLocked: boolean, lock: () => void] {
  const [isLocked, setLocked] = useState(false);
  useEffect(() => {
    if (!isLocked) return;
    const timer = window.setTimeout(() => setLocked(false), durationMs);
    return () => window.clearTimeout(timer);
  }, [isLocked, durationMs]);
  const lock = useCallback(() => setLocked(true), []);
  return [isLocked, lock];
}
