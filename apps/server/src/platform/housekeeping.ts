import type { HousekeepingClaims } from './housekeeping-claims.ts';
import type { Logger } from './logging/logger.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Runs clean-up jobs at start and then every interval; a failing job is logged and retried next
 * time. With claims (a database shared by several instances), each job runs once per interval
 * overall: an instance runs it only when it claimed it.
 */
export function startHousekeeping(
  jobs: Record<string, () => Promise<void>>,
  logger: Logger,
  options: { intervalMs?: number; claims?: HousekeepingClaims; now?: () => Date } = {},
) {
  const intervalMs = options.intervalMs ?? HOUR_MS;
  const now = options.now ?? (() => new Date());
  // Due a little before the next tick, so the instance that ran it last can take it again on
  // time even if its timer fires a few milliseconds early.
  const dueAfterMs = intervalMs - Math.min(intervalMs / 10, 60_000);
  const claimed = async (name: string) => {
    if (!options.claims) return true;
    const at = now();
    return options.claims.claim(`housekeeping:${name}`, at, new Date(at.getTime() + dueAfterMs));
  };
  const run = async () => {
    for (const [name, job] of Object.entries(jobs)) {
      try {
        if (await claimed(name)) await job();
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
