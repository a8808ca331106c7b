import { useQuery } from '@tanstack/react-query';
import type { UsageSession } from '@toolpass/contracts';
import { resourcesInUseQuery } from '../../resources/api/resources-queries.ts';
import { useLivePollInterval } from '../../resources/live/use-resource-live-updates.ts';

const resourceIdsOf = (sessions: UsageSession[]) => new Set(sessions.map((session) => session.resourceId));

/**
 * Whether a resource has a running session, for the status chips; undefined until known. Live
 * events keep it fresh; while the event stream is down it is polled instead.
 */
export function useResourcesInUse(): (resourceId: number) => boolean | undefined {
  const refetchInterval = useLivePollInterval();
  const inUse = useQuery({ ...resourcesInUseQuery(), select: resourceIdsOf, refetchInterval });
  return (resourceId) => (inUse.data ? inUse.data.has(resourceId) : undefined);
}
