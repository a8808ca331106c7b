import type { DatabaseHandle } from '../db/database.ts';
import { pingDatabase } from '../db/database.ts';
import { pendingMigrationCount } from '../db/migrate.ts';

export type ReadinessState = {
  database: 'ok' | 'unreachable';
  migrations: 'ok' | 'pending';
  lifecycle: 'running' | 'stopping';
};

/**
 * Whether this instance should get traffic (issue 32): the database answers, every migration of
 * this code has run (another instance may still be migrating a shared PostgreSQL), and the
 * process is not shutting down. Liveness (`/api/health`) stays the cheap question.
 */
export function createReadiness(database: DatabaseHandle) {
  let stopping = false;
  // Migrations never un-run while a server uses the database, so "done" is asked until it is true.
  let migrated = false;
  return {
    /** From the first shutdown signal on, the proxy is told to send traffic elsewhere. */
    markStopping() {
      stopping = true;
    },
    get stopping() {
      return stopping;
    },
    async check(): Promise<{ ready: boolean; checks: ReadinessState }> {
      const reachable = await pingDatabase(database.db);
      if (reachable && !migrated) {
        migrated = await pendingMigrationCount(database).then(
          (pending) => pending === 0,
          () => false,
        );
      }
      const checks: ReadinessState = {
        database: reachable ? 'ok' : 'unreachable',
        migrations: migrated ? 'ok' : 'pending',
        lifecycle: stopping ? 'stopping' : 'running',
      };
      return { ready: reachable && migrated && !stopping, checks };
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
