import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { readerSocketRoutes } from '../adapters/readers/reader-socket.routes.ts';
import { resourceEventsRoutes } from '../adapters/sse/resource-events.routes.ts';
import { analyticsRoutes } from '../domains/analytics/analytics.routes.ts';
import { auditRoutes } from '../domains/audit/audit.routes.ts';
import { authRoutes } from '../domains/auth/auth.routes.ts';
import { bookingsRoutes } from '../domains/bookings/bookings.routes.ts';
import { emailTemplatesRoutes } from '../domains/email-templates/email-templates.routes.ts';
import { healthRoutes } from '../domains/health/health.routes.ts';
import { introducersRoutes } from '../domains/introductions/introducers.routes.ts';
import { introductionsRoutes } from '../domains/introductions/introductions.routes.ts';
import { mqttConfigurationsRoutes } from '../domains/mqtt/mqtt-configurations.routes.ts';
import { mqttServersRoutes } from '../domains/mqtt/mqtt-servers.routes.ts';
import { pluginsRoutes } from '../domains/plugins/plugins.routes.ts';
import { firmwareRoutes } from '../domains/readers/firmware.routes.ts';
import { readersRoutes } from '../domains/readers/readers.routes.ts';
import { resourceGroupsRoutes } from '../domains/resources/resource-groups.routes.ts';
import { resourcesRoutes } from '../domains/resources/resources.routes.ts';
import { ssoRoutes } from '../domains/sso/sso.routes.ts';
import { outOfOrderRoutes } from '../domains/usage/out-of-order.routes.ts';
import { usageRoutes } from '../domains/usage/usage.routes.ts';
import { userSearchRoutes } from '../domains/users/user-search.routes.ts';
import { usersRoutes } from '../domains/users/users.routes.ts';
import { waitListRoutes } from '../domains/wait-list/wait-list.routes.ts';
import { webhooksRoutes } from '../domains/webhooks/webhooks.routes.ts';
import { DEFAULT_RATE_LIMITS } from '../platform/http/rate-limits.ts';
import type { AppDeps } from './app-deps.ts';
import type { Services } from './services.ts';

/** The API's routes: each domain's plugin with the services it calls, then the reader socket. */
export async function registerRoutes(
  // Each plugin brings its own type provider; registering needs only the instance.
  app: FastifyInstance,
  services: Services,
  deps: AppDeps & { version: string },
): Promise<void> {
  const rateLimits = deps.rateLimits ?? DEFAULT_RATE_LIMITS;
  await app.register(
    healthRoutes({ database: deps.database, version: deps.version, readiness: services.readiness }),
  );
  await app.register(authRoutes({ auth: services.auth }));
  await app.register(auditRoutes({ audit: services.auditLog }));
  await app.register(ssoRoutes({ sso: services.sso, cookie: services.ssoTransactions }));
  await app.register(
    usersRoutes({
      users: services.users,
      mailDelivery: deps.config.smtpUrl ? 'smtp' : 'server-output',
      rateLimits,
      now: () => services.clock.now().getTime(),
    }),
  );
  await app.register(userSearchRoutes({ userSearch: services.userSearch }));
  await app.register(
    resourcesRoutes({
      resources: services.resources,
      listing: services.resourceListing,
      images: services.resourceImages,
    }),
  );
  await app.register(resourceGroupsRoutes({ groups: services.resourceGroups }));
  await app.register(usageRoutes({ usage: services.usage }));
  await app.register(outOfOrderRoutes({ usage: services.usage, resources: services.resources }));
  await app.register(bookingsRoutes({ bookings: services.bookings, feeds: services.icalFeeds }));
  await app.register(waitListRoutes({ waitList: services.waitList }));
  await app.register(analyticsRoutes({ analytics: services.analytics }));
  await app.register(introducersRoutes({ introductions: services.introductions }));
  await app.register(introductionsRoutes({ introductions: services.introductions }));
  await app.register(webhooksRoutes({ webhooks: services.webhooks }));
  await app.register(emailTemplatesRoutes({ emailTemplates: services.emailTemplates }));
  await app.register(mqttServersRoutes({ mqtt: services.mqtt }));
  await app.register(mqttConfigurationsRoutes({ mqtt: services.mqtt }));
  await app.register(pluginsRoutes({ plugins: services.plugins }));
  await app.register(
    resourceEventsRoutes({
      hub: services.resourceEventHub,
      ensureResourceExists: (id) => services.resources.ensureExists(id),
    }),
  );

  await app.register(
    readersRoutes({ readers: services.readers, cards: services.nfcCards, taps: services.readerTaps }),
  );
  await app.register(firmwareRoutes({ firmware: services.firmware }));
  services.readerTaps.listen();
  await app.register(
    readerSocketRoutes({
      readers: services.readers,
      connections: services.readerConnections,
      logger: deps.logger as FastifyBaseLogger,
      ...(deps.readerTimings ? { timings: deps.readerTimings } : {}),
    }),
  );
}
