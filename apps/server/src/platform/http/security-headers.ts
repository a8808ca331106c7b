import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Paths answered with JSON (or images), which a browser never renders as a page. */
function isApiData(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Pages and static files get helmet's full set (CSP, frame and referrer rules). JSON answers get
 * the two headers that matter for data: the dozen page headers cost about a third of the
 * throughput of a small JSON call and protect nothing there.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string; scriptHashes?: readonly string[] },
) {
  // Served over https (PUBLIC_URL says so): browsers are told to keep to https for a year. On a
  // plain-http LAN install the header would lock people out, so it is sent only then.
  const hsts = options.publicUrl.startsWith('https://') ? 'max-age=31536000' : undefined;
  const forPages = helmet({
    contentSecurityPolicy: {
      directives: {
        // Scripts are the app's own files; the page's import map is inline, allowed by its hash only.
        'script-src': ["'self'", ...(options.scriptHashes ?? [])],
        'img-src': ["'self'", 'data:', 'blob:'],
        // URL documentation shows the manufacturer's or wiki's page in a sandboxed frame.
        'frame-src': ["'self'", 'http:', 'https:'],
        // The app talks only to its own origin: the Keycloak discovery of the SSO providers page
        // goes through the server (issue 26), and sign-on leaves the page by navigation.
        'connect-src': ["'self'"],
        // Styles and fonts are the app's own (system font stacks, no web fonts). Inline style
        // stays: React Aria and HeroUI position overlays with style attributes.
        'style-src': ["'self'", "'unsafe-inline'"],
        'font-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Set below for every answer, pages and data alike, when PUBLIC_URL is https.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (hsts) reply.header('strict-transport-security', hsts);
    if (isApiData(request.url)) {
      reply.header('x-content-type-options', 'nosniff');
      // Personal data must not sit in shared caches; routes that serve public files override it.
      reply.header('cache-control', 'no-store');
      done();
      return;
    }
    forPages(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
