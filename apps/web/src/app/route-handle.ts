import { type Params, useMatches } from 'react-router';
import type { RouteAccess } from '../sign-in/access.ts';

/**
 * What a route declares about itself in its `handle`. `redirectWhenDenied` names where a
 * signed-in user without the access is sent instead of the access-denied element (spec 02 §2:
 * the MQTT screens send others to / or to the resource page).
 */
export type RouteHandle = { access: RouteAccess; redirectWhenDenied?: (params: Params) => string };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'access' in handle;
}

/** The rule of the deepest matched route that declares one; "login" by default. */
export function useRouteRule(): { access: RouteAccess; redirectWhenDenied: string | undefined } {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    const handle = match?.handle;
    if (match && isRouteHandle(handle)) {
      return { access: handle.access, redirectWhenDenied: handle.redirectWhenDenied?.(match.params) };
    }
  }
  return { access: 'login', redirectWhenDenied: undefined };
}
