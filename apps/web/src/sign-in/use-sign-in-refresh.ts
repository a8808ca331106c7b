import type { AuthSession } from '@toolpass/contracts';
import { useEffect, useRef } from 'react';
import { refreshSignIn } from './sign-in-api.ts';

/** Swaps the sign-in token for a fresh one every `intervalMs` while `isActive`. */
export function useSignInRefresh(
  isActive: boolean,
  intervalMs: number,
  onRefreshed: (auth: AuthSession) => void,
): void {
  const onRefreshedRef = useRef(onRefreshed);
  onRefreshedRef.current = onRefreshed;

  useEffect(() => {
    if (!isActive) return;
    const timer = window.setInterval(() => {
      refreshSignIn().then(
        (auth) => onRefreshedRef.current(auth),
        // A failed refresh keeps the current token; the current-user poll notices an ended sign-in.
        () => undefined,
      );
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [isActive, intervalMs]);
}
