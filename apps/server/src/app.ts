import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/config.ts';
import { authRoutes } from './domains/auth/auth.routes.ts';
import { createAuthService } from './domains/auth/auth.service.ts';
import { createAuthSessionsRepository } from './domains/auth/auth-sessions.repository.ts';
import { createAuthSessionsService } from './domains/auth/auth-sessions.service.ts';
import { createEmailTemplatesRepository } from './domains/email-templates/email-templates.repository.ts';
import { createEmailTemplatesService } from './domains/email-templates/email-templates.service.ts';
import { healthRoutes } from './domains/health/health.routes.ts';
import { createUsersRepository } from './domains/users/users.repository.ts';
import { usersRoutes } from './domains/users/users.routes.ts';
import { createUsersService } from './domains/users/users.service.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { ScryptParams } from './platform/crypto/password.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import { registerAuthentication } from './platform/http/auth-guard.ts';
import { registerErrorHandling } from './platform/http/error-handler.ts';
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
    onMailQueued: () => mailWorker.wake(),
    publicUrl: deps.config.publicUrl,
    ...(deps.scrypt ? { scrypt: deps.scrypt } : {}),
  });
  const auth = createAuthService({ users, sessions });
  return { clock, mailTransport, mailWorker, emailTemplates, sessions, users, auth };
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
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app, { version: APP_VERSION, publicUrl: deps.config.publicUrl });
  registerAuthentication(app, (token) => services.auth.resolveUser(token));

  await app.register(healthRoutes({ database: deps.database, version: APP_VERSION }));
  await app.register(authRoutes({ auth: services.auth, rateLimits }));
  await app.register(usersRoutes({ users: services.users, rateLimits }));

  await registerWebApp(app, deps.webDistDir ?? DEFAULT_WEB_DIST);

  await services.emailTemplates.ensureDefaults();
  app.addHook('onReady', async () => services.mailWorker.start());
  app.addHook('onClose', async () => {
    await services.mailWorker.stop();
    services.mailTransport.close();
  });
  return { app, services };
}

export type App = Awaited<ReturnType<typeof buildApp>>['app'];
