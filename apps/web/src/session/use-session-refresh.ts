import type { AuthSession } from '@toolpass/contracts';
import { useEffect, useRef } from 'react';
import { refreshSession } from './session-api.ts';

/** Swaps the session token for a fresh one every `intervalMs` while `isActive`. */
export function useSessionRefresh(
  isActive: boolean,
  intervalMs: number,
  onRefreshed: (session: AuthSession) => void,
): void {
  const onRefreshedRef = useRef(onRefreshed);
  onRefreshedRef.current = onRefreshed;

  useEffect(() => {
    if (!isActive) return;
    const timer = window.setInterval(() => {
      refreshSession().then(
        (session) => onRefreshedRef.current(session),
        // A failed refresh keeps the current token; the current-user poll notices a dead session.
        () => undefined,
      );
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [isActive, intervalMs]);
}
