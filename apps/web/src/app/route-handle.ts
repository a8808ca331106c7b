import { useMatches } from 'react-router';
import type { RouteAccess } from '../session/access.ts';

/** What a route declares about itself in its `handle`. */
export type RouteHandle = { access: RouteAccess };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'access' in handle;
}

/** The access level of the deepest matched route that declares one; "login" by default. */
export function useRouteAccess(): RouteAccess {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.access;
  }
  return 'login';
}
