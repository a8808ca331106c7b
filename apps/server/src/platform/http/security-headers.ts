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
export function registerSecurityHeaders(app: FastifyInstance) {
  const forPages = helmet({
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        // URL documentation shows the manufacturer's or wiki's page in a sandboxed frame.
        'frame-src': ["'self'", 'http:', 'https:'],
        'upgrade-insecure-requests': null,
      },
    },
    // The app is served over plain http on a LAN too; HSTS would lock such installs out.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
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
