import { PLUGIN_RELOAD_DELAY_MS } from '@toolpass/contracts';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Spec 02 §4: after an install or a removal the page reloads after 5 seconds, because plugins
 * load once at start. Leaving the page first cancels it.
 */
export function useReloadSoon(): () => void {
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => window.location.reload(), PLUGIN_RELOAD_DELAY_MS);
  }, []);
}

/** The delay in whole seconds, for the text that announces it. */
export const RELOAD_DELAY_SECONDS = PLUGIN_RELOAD_DELAY_MS / 1000;
