import { useQuery } from '@tanstack/react-query';
import type { UsageSession } from '@toolpass/contracts';
import { resourcesInUseQuery } from '../../resources/api/resources-queries.ts';
import { useLivePollInterval } from '../../resources/live/use-resource-live-updates.ts';

const resourceIdsOf = (sessions: UsageSession[]) => new Set(sessions.map((session) => session.resourceId));

/**
 * The ids of the resources with a running session, for the status chips; undefined until known.
 * A new set whenever it changes, so rows built from it render again. Live events keep it fresh;
 * while the event stream is down it is polled instead.
 */
export function useResourcesInUse(): ReadonlySet<number> | undefined {
  const refetchInterval = useLivePollInterval();
  return useQuery({ ...resourcesInUseQuery(), select: resourceIdsOf, refetchInterval }).data;
}
