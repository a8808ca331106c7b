import { PLUGIN_RELOAD_DELAY_MS } from '@toolpass/contracts';

let timer: number | undefined;

/**
 * Spec 02 §4: after an install or a removal the page reloads after 5 seconds, because plugins
 * load once at start. The timer belongs to the page, not to a component: the removed plugin's row
 * (and its button) leaves the list before the 5 seconds are over.
 */
export function reloadSoon(): void {
  window.clearTimeout(timer);
  timer = window.setTimeout(() => window.location.reload(), PLUGIN_RELOAD_DELAY_MS);
}

/** The delay in whole seconds, for the text that announces it. */
export const RELOAD_DELAY_SECONDS = PLUGIN_RELOAD_DELAY_MS / 1000;
