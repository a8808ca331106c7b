import type { PluginRoute } from '@toolpass/plugin-sdk';
import type { ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
import { AccessDenied } from '../../../components/access-denied.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { hasAccess } from '../../../sign-in/access.ts';
import { useSignedInUser } from '../../../sign-in/sign-in-context.tsx';
import type { LoadedPlugin } from '../loading/plugin-registry.ts';
import { usePluginRegistry } from '../loading/plugin-registry.ts';
import { PluginScope } from './plugin-scope.tsx';

function findRoute(plugins: readonly LoadedPlugin[], pathname: string) {
  for (const plugin of plugins) {
    for (const route of plugin.definition.routes ?? []) {
      if (matchPath({ path: route.path, end: true }, pathname)) return { pluginName: plugin.name, route };
    }
  }
  return undefined;
}

function RouteContent({ route }: { route: PluginRoute }) {
  const { component: Page, element } = route;
  return Page ? <Page /> : element;
}

type PluginRouteViewProps = {
  /** While plugins are still loading (a plugin page opened directly). */
  loading: ReactNode;
  /** No plugin has this path either. */
  notFound: ReactNode;
  /** Shown in place of a plugin page that throws while rendering. */
  failedTitle: string;
};

/**
 * Paths no route of the app knows go to the plugins' routes (spec 01 §1: plugins can add routes),
 * with the same access rule as the app's own: a page needing a permission the user lacks shows
 * the access-denied element.
 */
export function PluginRouteView({ loading, notFound, failedTitle }: PluginRouteViewProps) {
  const { status, plugins } = usePluginRegistry();
  const { pathname } = useLocation();
  const user = useSignedInUser();
  if (status !== 'ready') return <>{loading}</>;
  const found = findRoute(plugins, pathname);
  if (!found) return <>{notFound}</>;
  if (!hasAccess(user, { permissions: found.route.requiredPermissions ?? [] })) return <AccessDenied />;
  return (
    <PluginScope key={pathname} pluginName={found.pluginName} fallback={<LoadError title={failedTitle} />}>
      <RouteContent route={found.route} />
    </PluginScope>
  );
}
