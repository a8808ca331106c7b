import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import type { NewDomainEvent } from '@toolpass/contracts';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createResourceEventHub } from './adapters/sse/resource-event-hub.ts';
import { resourceEventsRoutes } from './adapters/sse/resource-events.routes.ts';
import type { Config } from './config/config.ts';
import { authRoutes } from './domains/auth/auth.routes.ts';
import { createAuthService } from './domains/auth/auth.service.ts';
import { createAuthSessionsRepository } from './domains/auth/auth-sessions.repository.ts';
import { createAuthSessionsService } from './domains/auth/auth-sessions.service.ts';
import { createEmailTemplatesRepository } from './domains/email-templates/email-templates.repository.ts';
import { createEmailTemplatesService } from './domains/email-templates/email-templates.service.ts';
import { healthRoutes } from './domains/health/health.routes.ts';
import { introducersRoutes } from './domains/introductions/introducers.routes.ts';
import {
  createIntroductionsRepository,
  usableByCondition,
} from './domains/introductions/introductions.repository.ts';
import { introductionsRoutes } from './domains/introductions/introductions.routes.ts';
import { createIntroductionsService } from './domains/introductions/introductions.service.ts';
import { createResourceGroupsRepository } from './domains/resources/resource-groups.repository.ts';
import { resourceGroupsRoutes } from './domains/resources/resource-groups.routes.ts';
import { createResourceGroupsService } from './domains/resources/resource-groups.service.ts';
import { createResourceImageStore } from './domains/resources/resource-image-store.ts';
import { createResourceListingService } from './domains/resources/resource-listing.service.ts';
import { createResourcesRepository } from './domains/resources/resources.repository.ts';
import { resourcesRoutes } from './domains/resources/resources.routes.ts';
import { createResourcesService } from './domains/resources/resources.service.ts';
import { createUsageRepository, inUseByCondition } from './domains/usage/usage.repository.ts';
import { usageRoutes } from './domains/usage/usage.routes.ts';
import { createUsageService } from './domains/usage/usage.service.ts';
import { createUserSearchRepository } from './domains/users/user-search.repository.ts';
import { userSearchRoutes } from './domains/users/user-search.routes.ts';
import { createUserSearchService } from './domains/users/user-search.service.ts';
import { createUsersRepository } from './domains/users/users.repository.ts';
import { usersRoutes } from './domains/users/users.routes.ts';
import { createUsersService } from './domains/users/users.service.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { ScryptParams } from './platform/crypto/password.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { createReadCache } from './platform/db/read-cache.ts';
import { createEventDispatcher, type EventConsumer } from './platform/events/event-dispatcher.ts';
import { createEventFanout } from './platform/events/event-fanout.ts';
import { createEventTransactions } from './platform/events/event-transactions.ts';
import { createOutbox } from './platform/events/outbox.ts';
import { startHousekeeping } from './platform/housekeeping.ts';
import { registerAuthentication } from './platform/http/auth-guard.ts';
import { registerErrorHandling } from './platform/http/error-handler.ts';
import { rememberFrozenPayloads } from './platform/http/frozen-payload-serializer.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './platform/http/rate-limits.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import type { Logger } from './platform/logging/logger.ts';
import { createMailQueue } from './platform/mail/mail-queue.ts';
import { createMailTransport, type MailTransport } from './platform/mail/mail-transport.ts';
import { createMailWorker } from './platform/mail/mail-worker.ts';

export const APP_VERSION = '0.1.0';
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Answers each read cache keeps at most (sessions; overview pages; active sessions and history pages). */
const READ_CACHE_ENTRIES = 2_000;

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock?: Clock;
  /** Replaces the SMTP/log transport, e.g. to count sends in a test of the queue. */
  mailTransport?: MailTransport;
  rateLimits?: RateLimits;
  scrypt?: ScryptParams;
  webDistDir?: string;
  /** Extra consumers of domain events besides the SSE stream, e.g. a recorder in a test. */
  eventConsumers?: EventConsumer[];
};

/** The services, wired once; only this file knows how the domains depend on each other. */
export function createServices(deps: AppDeps) {
  const { db, dialect } = deps.database;
  const clock = deps.clock ?? systemClock;
  const mailQueue = createMailQueue({ now: () => clock.now() });
  const mailTransport =
    deps.mailTransport ??
    createMailTransport({ smtpUrl: deps.config.smtpUrl, from: deps.config.mailFrom, logger: deps.logger });
  const mailWorker = createMailWorker({
    db,
    queue: mailQueue,
    transport: mailTransport,
    logger: deps.logger,
    now: () => clock.now(),
  });
  const emailTemplates = createEmailTemplatesService({
    db,
    repo: createEmailTemplatesRepository(),
    clock,
    publicUrl: deps.config.publicUrl,
  });
  const sessions = createAuthSessionsService({ db, repo: createAuthSessionsRepository(), clock });
  const users = createUsersService({
    db,
    repo: createUsersRepository({ db, dialect }),
    clock,
    mailQueue,
    emailTemplates,
    sessions,
    sessionReads: createReadCache({ counter: deps.database.changes, maxEntries: READ_CACHE_ENTRIES }),
    onMailQueued: () => mailWorker.wake(),
    publicUrl: deps.config.publicUrl,
    ...(deps.scrypt ? { scrypt: deps.scrypt } : {}),
  });
  const auth = createAuthService({ users, sessions });

  // Resources, groups, introductions and usage: every change others react to is an outbox event.
  // The SSE hub is a live consumer, handed each event after its commit on every instance; the
  // dispatcher serves consumers that must see every event (the test probes; later MQTT, webhooks).
  const outbox = createOutbox<NewDomainEvent>({ now: () => clock.now() });
  const eventDispatcher = createEventDispatcher({ db, outbox, logger: deps.logger, now: () => clock.now() });
  for (const consumer of deps.eventConsumers ?? []) eventDispatcher.register(consumer);
  const resourceEventHub = createResourceEventHub({ logger: deps.logger });
  const eventFanout = createEventFanout({
    database: deps.database,
    logger: deps.logger,
    consumers: [resourceEventHub.consumer],
    find: (eventIds) => outbox.find(db, eventIds),
  });
  const events = createEventTransactions({
    db,
    outbox,
    beforeCommit: (tx, written) => eventFanout.announce(tx, written),
    onCommitted: (written) => {
      eventFanout.publish(written);
      eventDispatcher.wake();
    },
  });

  const resourcesRepo = createResourcesRepository({
    db,
    conditions: { usableBy: usableByCondition, inUseBy: inUseByCondition },
  });
  const resourceImages = createResourceImageStore({ dataDir: deps.config.dataDir });
  const resources = createResourcesService({
    db,
    repo: resourcesRepo,
    images: resourceImages,
    clock,
    events,
  });
  const resourceGroups = createResourceGroupsService({
    db,
    repo: createResourceGroupsRepository(),
    resources: resourcesRepo,
    clock,
    events,
  });
  const introductions = createIntroductionsService({
    db,
    repo: createIntroductionsRepository({ db }),
    resources,
    groups: resourceGroups,
    users,
    clock,
    events,
  });
  const usage = createUsageService({
    db,
    repo: createUsageRepository({ db }),
    resources,
    access: introductions,
    clock,
    events,
    reads: createReadCache({ counter: deps.database.changes, maxEntries: READ_CACHE_ENTRIES }),
  });
  const userSearch = createUserSearchService({ db, repo: createUserSearchRepository() });
  const resourceListing = createResourceListingService({
    resources,
    reads: createReadCache({ counter: deps.database.changes, maxEntries: READ_CACHE_ENTRIES }),
  });

  return {
    clock,
    mailTransport,
    mailWorker,
    emailTemplates,
    sessions,
    users,
    userSearch,
    auth,
    outbox,
    eventDispatcher,
    eventFanout,
    resourceEventHub,
    resourceImages,
    resources,
    resourceGroups,
    resourceListing,
    introductions,
    usage,
  };
}

export type Services = ReturnType<typeof createServices>;

export async function buildApp(deps: AppDeps) {
  const services = createServices(deps);
  const rateLimits = deps.rateLimits ?? DEFAULT_RATE_LIMITS;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    trustProxy: deps.config.trustProxy,
    // One line per request is noise on a small server; debug and trace turn it back on.
    logController: new LogController({
      disableRequestLogging: deps.config.logLevel !== 'debug' && deps.config.logLevel !== 'trace',
    }),
    bodyLimit: 1024 * 1024,
    // The request id is echoed in error bodies so a report can be matched to the log.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(rememberFrozenPayloads(serializerCompiler));
  registerErrorHandling(app);

  registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app, { version: APP_VERSION, publicUrl: deps.config.publicUrl });
  registerAuthentication(app, (token) => services.auth.resolveUser(token));

  await app.register(healthRoutes({ database: deps.database, version: APP_VERSION }));
  await app.register(authRoutes({ auth: services.auth, rateLimits }));
  await app.register(usersRoutes({ users: services.users, rateLimits }));
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
  await app.register(introducersRoutes({ introductions: services.introductions }));
  await app.register(introductionsRoutes({ introductions: services.introductions }));
  await app.register(
    resourceEventsRoutes({
      hub: services.resourceEventHub,
      ensureResourceExists: (id) => services.resources.ensureExists(id),
    }),
  );

  await registerWebApp(app, deps.webDistDir ?? DEFAULT_WEB_DIST);

  await services.emailTemplates.ensureDefaults();
  let housekeeping: ReturnType<typeof startHousekeeping> | undefined;
  app.addHook('onReady', async () => {
    services.mailWorker.start();
    await services.eventFanout.start();
    services.eventDispatcher.start();
    housekeeping = startHousekeeping(
      {
        expiredSessions: () => services.sessions.deleteExpired(),
        spentTokens: () => services.users.deleteSpentTokens(),
      },
      deps.logger,
    );
  });
  app.addHook('onClose', async () => {
    await housekeeping?.stop();
    await services.eventDispatcher.stop();
    await services.eventFanout.stop();
    await services.mailWorker.stop();
    services.mailTransport.close();
  });
  return { app, services };
}

export type App = Awaited<ReturnType<typeof buildApp>>['app'];
