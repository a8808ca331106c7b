import type { Db } from '../db/database.ts';
import type { Logger } from '../logging/logger.ts';
import type { MailQueue } from './mail-queue.ts';
import type { MailTransport } from './mail-transport.ts';

const MAX_ATTEMPTS = 8;
const IDLE_POLL_MS = 2_000;

/** Retry after 5 s, 10 s, 20 s ... capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** (attempts - 1), 3_600_000);
}

/**
 * Sends queued mails. `wake()` is called after a commit that queued a mail, so mails leave at
 * once; the poll covers other instances' mails and retries after a restart.
 */
export function createMailWorker(deps: {
  db: Db;
  queue: MailQueue;
  transport: MailTransport;
  logger: Logger;
  now: () => Date;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;
  let wakeAgain = false;

  async function drain() {
    for (;;) {
      if (stopped) return;
      const mail = await deps.queue.claimNext(deps.db);
      if (!mail) return;
      try {
        await deps.transport.send({
          to: mail.recipient,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        });
        await deps.queue.markSent(deps.db, mail.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retryAt =
          mail.attempts >= MAX_ATTEMPTS ? null : new Date(deps.now().getTime() + retryDelayMs(mail.attempts));
        deps.logger.warn({ mailId: mail.id, attempts: mail.attempts, err: message }, 'Sending a mail failed');
        await deps.queue.markFailed(deps.db, mail.id, message, retryAt);
      }
    }
  }

  function run() {
    if (running) {
      wakeAgain = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => deps.logger.error({ err: error }, 'Mail worker failed'))
      .finally(() => {
        running = undefined;
        if (wakeAgain && !stopped) {
          wakeAgain = false;
          run();
        }
      });
  }

  return {
    start() {
      stopped = false;
      timer = setInterval(run, IDLE_POLL_MS);
      timer.unref();
      run();
    },
    wake: () => {
      if (!stopped) run();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
