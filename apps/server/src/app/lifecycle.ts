import type { FastifyInstance } from 'fastify';
import { startHousekeeping } from '../platform/housekeeping.ts';
import { createHousekeepingClaims } from '../platform/housekeeping-claims.ts';
import type { AppDeps } from './app-deps.ts';
import type { Services } from './services.ts';

/** Events older than this are forgotten once no delivery job refers to them. */
const KEEP_EVENTS_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * What runs while the app is up: the live fan-out's listening, the job runner and the
 * housekeeping, started once the app is ready. Closing stops them in the order that loses
 * nothing: work started after an answer writes its mails before the runner stops; the runner
 * lets deliveries under way finish before the MQTT clients close; the fan-out stops last.
 */
export function registerLifecycle(app: FastifyInstance, services: Services, deps: AppDeps): void {
  const { pipeline } = services;
  let housekeeping: ReturnType<typeof startHousekeeping> | undefined;
  app.addHook('onReady', async () => {
    await pipeline.fanout.start();
    await services.readerRelay?.start();
    // Before the runner: the jobs of plugin subscriptions find their plugin loaded.
    await services.plugins.start();
    pipeline.runner.start();
    // The reminder sweep is a recurring timed action: planned once, by whichever instance is first.
    await services.introductionReminders.ensurePlanned();
    housekeeping = startHousekeeping(
      {
        expiredSessions: () => services.sessions.deleteExpired(),
        spentTokens: () => services.users.deleteSpentTokens(),
        // Idempotent: instances sharing a database may each run it; the first one does the work.
        expiredAuditEntries: () => services.auditLog.deleteExpired(),
        finishedJobs: () => {
          const now = services.clock.now();
          return pipeline.store.prune(deps.database.db, now, new Date(now.getTime() - KEEP_EVENTS_MS));
        },
      },
      deps.logger,
      { claims: createHousekeepingClaims(deps.database.db), now: () => services.clock.now() },
    );
  });
  // app.close() without a signal (tests, scripts) also says "stopping" from its first moment.
  app.addHook('preClose', async () => {
    services.readiness.markStopping();
  });
  app.addHook('onClose', async () => {
    await housekeeping?.stop();
    // Reset mails prepared after their answer are written before the runner stops.
    await services.users.settle();
    await services.emailTemplates.close();
    await pipeline.runner.stop();
    // After the runner: no delivery is under way in a plugin that deactivates.
    await services.plugins.stop();
    // After the runner: deliveries under way got their grace period to finish publishing.
    await services.mqttConnections.close();
    await services.readerRelay?.stop();
    await pipeline.fanout.stop();
    services.mailTransport.close();
  });
}
