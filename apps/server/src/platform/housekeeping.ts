import type { Logger } from './logging/logger.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Runs clean-up jobs at start and then every hour; a failing job is logged and retried next time. */
export function startHousekeeping(
  jobs: Record<string, () => Promise<void>>,
  logger: Logger,
  intervalMs = HOUR_MS,
) {
  const run = async () => {
    for (const [name, job] of Object.entries(jobs)) {
      try {
        await job();
      } catch (error) {
        logger.warn({ err: error, job: name }, 'Housekeeping job failed');
      }
    }
  };
  let current = run();
  const timer = setInterval(() => {
    current = run();
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
