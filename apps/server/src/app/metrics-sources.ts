import type { DatabaseHandle } from '../platform/db/database.ts';
import { readDeliveryJobStats } from '../platform/jobs/job-stats.ts';
import type { MetricsSources } from '../platform/metrics/metrics.ts';
import type { Services } from './services.ts';

/** Where each gauge of `/metrics` reads from. */
export function metricsSources(services: Services, database: DatabaseHandle): MetricsSources {
  return {
    sessionsRunning: () => services.usage.runningCount(),
    deliveryJobs: () => readDeliveryJobStats(database.db),
    liveStreams: () => services.resourceEventHub.streamCount(),
    readersConnected: () => services.readerConnections.connectedCount(),
    databasePool: () => database.poolStats?.(),
    now: () => services.clock.now(),
  };
}
