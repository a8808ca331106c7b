/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

/**
 * The app's service worker (spec 01 §1, §4): the shell and static assets precached by content
 * hash; navigations answered with the cached shell, so an installed app opens offline; resource
 * images kept in a bounded cache that is refreshed in the background. Nothing else of /api is
 * ever answered from a cache: API data comes from the server or not at all.
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // The API, its documentation and the static files the server answers itself.
    denylist: [/^\/api(\/|$)/, /^\/_fabreader_assets\//, /^\/dependencies\.json$/, /^\/service-worker\.js$/],
  }),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/resources/images/'),
  new StaleWhileRevalidate({
    cacheName: 'resource-images',
    plugins: [
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// The page asks a waiting worker to take over once the member chose "Update Now (Instant)".
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
