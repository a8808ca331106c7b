import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions, LogController } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app/app-deps.ts';
import { APP_VERSION } from './app/app-version.ts';
import { registerLifecycle } from './app/lifecycle.ts';
import { metricsSources } from './app/metrics-sources.ts';
import { registerRoutes } from './app/routes.ts';
import { createServices } from './app/services.ts';
import type { Config } from './config/config.ts';
import { registerAuditActor } from './platform/audit/audit-actor.ts';
import { registerAuthentication } from './platform/http/auth-guard.ts';
import { frameworkErrorHandler, registerErrorHandling } from './platform/http/error-handler.ts';
import { importMapHashes } from './platform/http/import-map-hashes.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { requestIdGenerator } from './platform/http/request-ids.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { zodCompilersFactory } from './platform/http/zod-schema-controller.ts';
import { lazyChildLoggerFactory } from './platform/logging/lazy-child-logger.ts';
import { registerMetrics } from './platform/metrics/metrics.ts';

export type { AppDeps } from './app/app-deps.ts';
export { createServices, type Services } from './app/services.ts';

export { APP_VERSION };

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * TRUST_PROXY for Fastify. Proxy addresses are checked against each hop. Fastify refuses a bare
 * hop count (it cannot tell a proxy from a client that wrote the header itself), so a count is
 * a function that trusts that many hops: safe only where clients cannot reach the server but
 * through the proxy, which the README says.
 */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/**
 * The composition root: the services (app/services.ts, with the event pipeline in
 * app/deliveries.ts), the HTTP set-up here, the routes (app/routes.ts) and what runs while the
 * app is up (app/lifecycle.ts).
 */
export async function buildApp(deps: AppDeps) {
  const services = createServices(deps);
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    // One line per request is noise on a small server; debug and trace turn it back on.
    logController: new LogController({
      disableRequestLogging: deps.config.logLevel !== 'debug' && deps.config.logLevel !== 'trace',
    }),
    bodyLimit: 1024 * 1024,
    // The request id is echoed in error bodies so a report can be matched to the log.
    genReqId: requestIdGenerator(),
    schemaController: { compilersFactory: zodCompilersFactory },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  registerErrorHandling(app);

  const webDistDir = deps.webDistDir ?? DEFAULT_WEB_DIST;
  registerSecurityHeaders(app, {
    publicUrl: deps.config.publicUrl,
    scriptHashes: importMapHashes(webDistDir),
  });
  registerOpenApi(app, { version: APP_VERSION, publicUrl: deps.config.publicUrl });
  registerAuthentication(app, (token) => services.auth.resolveUser(token));
  registerAuditActor(app);
  // Before the routes, so its response hook times each of them.
  await registerMetrics(app, {
    token: deps.config.metricsToken,
    sources: metricsSources(services, deps.database),
  });

  await registerRoutes(app, services, { ...deps, version: APP_VERSION });
  await registerWebApp(app, webDistDir);

  await services.emailTemplates.ensureDefaults();
  registerLifecycle(app, services, deps);
  return { app, services };
}

export type App = Awaited<ReturnType<typeof buildApp>>['app'];
