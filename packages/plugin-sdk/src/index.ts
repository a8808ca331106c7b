import type { PermissionName, Resource, User } from '@toolpass/contracts';
import { type ComponentType, createContext, type ReactNode, type SVGProps, useContext } from 'react';

export type { PermissionName, Resource, User } from '@toolpass/contracts';

/** Permissions a user must all hold to see the contribution; none means every signed-in user. */
type Guarded = { requiredPermissions?: readonly PermissionName[] };

/**
 * A page of the plugin. The path is matched like a react-router path (`/counter/:id`); the host's
 * own routes win where both match. Give the page as a component or as an element.
 */
export type PluginRoute = Guarded & { path: string } & (
    | { component: ComponentType; element?: never }
    | { element: ReactNode; component?: never }
  );

/** A link in the sidebar's plugin group; the label is a key of the plugin's translations. */
export type PluginSidebarItem = Guarded & {
  labelKey: string;
  path: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
};

/**
 * The "extra action" on a resource's page (spec 01 §2), beside the managers' buttons: either a
 * button with a translated label that calls `onPress`, or whatever `render` returns.
 */
export type PluginResourceAction = Guarded &
  (
    | { labelKey: string; onPress: (resource: Resource, host: PluginHost) => void; render?: never }
    | { render: (resource: Resource) => ReactNode; labelKey?: never; onPress?: never }
  );

/** Nested keys and texts per language; the host loads them under the plugin's own namespace. */
export type PluginTranslationTree = { [key: string]: string | PluginTranslationTree };
export type PluginTranslations = { en: PluginTranslationTree; de: PluginTranslationTree };

export type PluginDefinition = {
  routes?: readonly PluginRoute[];
  sidebarItems?: readonly PluginSidebarItem[];
  resourceActions?: readonly PluginResourceAction[];
  translations?: PluginTranslations;
};

/** What a plugin's frontend entry exports as default. */
export function definePlugin<T extends PluginDefinition>(definition: T): T {
  return definition;
}

/**
 * What the host tells a plugin's components, kept current as it changes (spec 01 §7: the API
 * endpoint and the auth state): the signed-in user, the token its calls carry, the plugin's
 * translate function and a fetch that sends the token.
 */
export type PluginHost = {
  pluginName: string;
  apiBaseUrl: string;
  user: User;
  token: string | undefined;
  language: string;
  t: (key: string, options?: Record<string, unknown>) => string;
  /** A call to the app's API (a path under /api), signed in as the current user; JSON in and out. */
  fetchJson: <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;
};

/** Provided by the host around everything a plugin renders. */
export const PluginHostContext = createContext<PluginHost | undefined>(undefined);

/** The host's state for the plugin component that calls it. */
export function usePluginHost(): PluginHost {
  const host = useContext(PluginHostContext);
  if (!host) throw new Error('usePluginHost is called outside a component the Toolpass host renders');
  return host;
}
