import type { DomainEvent } from '@toolpass/contracts';
import {
  type DeliveryTargetKind,
  doublingDelay,
  type RetryPolicy,
} from '../../platform/jobs/delivery-target.ts';
import type { TargetRef } from '../../platform/jobs/job-upkeep.ts';

/** The kind of delivery target plugin subscriptions are; stored with every job, so it never changes. */
export const PLUGIN_TARGET_KIND = 'plugin';

export const pluginTarget = (pluginName: string): TargetRef => ({ kind: PLUGIN_TARGET_KIND, id: pluginName });

/** The event handlers of the plugins loaded in this process, by plugin name and event type. */
export type PluginEventHandlers = {
  handlerOf(
    pluginName: string,
    eventType: string,
  ): ((event: DomainEvent) => Promise<void> | void) | undefined | 'not-loaded';
};

/** How long one handler may take; a slower one is given up on and tried again. */
const HANDLER_TIMEOUT_MS = 30_000;
/**
 * A plugin not yet loaded on the instance that claimed its job (another instance installed it a
 * moment ago) or whose handler throws is tried again, up to a day: each event at least once.
 */
const PLUGIN_RETRY: RetryPolicy = { maxAgeMs: 24 * 60 * 60 * 1000, delayMs: doublingDelay(500, 60_000) };

function withTimeout(work: Promise<void> | void, pluginName: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The plugin "${pluginName}" took longer than ${HANDLER_TIMEOUT_MS} ms`)),
      HANDLER_TIMEOUT_MS,
    );
  });
  return Promise.race([Promise.resolve(work), timeout]).finally(() => clearTimeout(timer));
}

/**
 * Plugin subscriptions as a durable delivery target kind (decision 8, decision 20): a job per
 * event and subscribed plugin, written with the event; delivered in order per resource, again
 * after a failure or a restart. A job whose plugin was removed since is done without a call.
 */
export function createPluginEventTarget(deps: {
  handlers: PluginEventHandlers;
  /** Whether a plugin of that name is installed (asked only when it is not loaded here). */
  isInstalled(pluginName: string): Promise<boolean>;
}): DeliveryTargetKind {
  return {
    kind: PLUGIN_TARGET_KIND,
    longestDeliveryMs: HANDLER_TIMEOUT_MS,
    retryPolicy: () => PLUGIN_RETRY,
    async deliver(job) {
      if (!job.event) throw new Error(`Job ${job.id} has no event`);
      const handler = deps.handlers.handlerOf(job.targetId, job.event.type);
      if (handler === 'not-loaded') {
        if (!(await deps.isInstalled(job.targetId))) return;
        throw new Error(`The plugin "${job.targetId}" is not loaded on this instance yet`);
      }
      // The plugin no longer subscribes to this type (replaced by a version that does not).
      if (!handler) return;
      await withTimeout(handler(job.event as DomainEvent), job.targetId);
    },
  };
}
