import type { Db } from '../db/database.ts';
import type { Logger } from '../logging/logger.ts';
import type { JobStore } from './job-store.ts';

/**
 * Notices pending jobs of kinds this version does not deliver: during a rolling update an older
 * instance meets the jobs of a kind a newer one added. The claim leaves them to an instance that
 * knows them; this says so once per kind, not at every poll.
 */
export function createUnknownKindsWatch(deps: {
  db: Db;
  store: Pick<JobStore, 'pendingKinds'>;
  known: ReadonlySet<string>;
  logger: Logger;
}) {
  const warned = new Set<string>();
  let checking = false;
  return {
    async check(): Promise<void> {
      if (checking) return;
      checking = true;
      try {
        for (const kind of await deps.store.pendingKinds(deps.db)) {
          if (deps.known.has(kind) || warned.has(kind)) continue;
          warned.add(kind);
          deps.logger.warn(
            { targetKind: kind, knownKinds: [...deps.known] },
            'Delivery jobs of a target kind this version does not know are left pending for an instance that knows it',
          );
        }
      } catch (error) {
        deps.logger.warn({ err: error }, 'Looking for delivery jobs of unknown kinds failed');
      } finally {
        checking = false;
      }
    },
  };
}
