import type { PluginDefinition } from '@toolpass/plugin-sdk';
import { useSyncExternalStore } from 'react';

/** A plugin whose frontend module was imported and checked. */
export type LoadedPlugin = { name: string; definition: PluginDefinition };

/** idle: nothing asked yet; loading: modules on their way; ready: every plugin loaded or skipped. */
export type PluginRegistryState = { status: 'idle' | 'loading' | 'ready'; plugins: readonly LoadedPlugin[] };

let state: PluginRegistryState = { status: 'idle', plugins: [] };
const listeners = new Set<() => void>();

function update(next: PluginRegistryState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The loaded plugins, for the router, the sidebar and the resource page. */
export function usePluginRegistry(): PluginRegistryState {
  return useSyncExternalStore(subscribe, () => state);
}

/**
 * Loads plugins once per page (spec 01 §4: plugins load once at start; an install or a removal
 * reloads the page). A failed load leaves the app without plugins, never without its own screens.
 */
export function startPluginLoading(load: () => Promise<readonly LoadedPlugin[]>): void {
  if (state.status !== 'idle') return;
  update({ status: 'loading', plugins: [] });
  load().then(
    (plugins) => update({ status: 'ready', plugins }),
    (error: unknown) => {
      console.error('Plugins could not be loaded; the app runs without them', error);
      update({ status: 'ready', plugins: [] });
    },
  );
}
