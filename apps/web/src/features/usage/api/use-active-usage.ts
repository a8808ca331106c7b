import { useQuery } from '@tanstack/react-query';
import { activeUsageQuery, canControlQuery } from '../../resources/api/resources-queries.ts';
import { useLivePollInterval } from '../../resources/live/use-resource-live-updates.ts';

/** The resource's running session; polled every 3 s only while live events are down (spec 01 §4). */
export function useActiveUsage(resourceId: number) {
  return useQuery({ ...activeUsageQuery(resourceId), refetchInterval: useLivePollInterval() });
}

/** Whether the viewer may start or take over sessions on the resource, refreshed like the session. */
export function useCanControl(resourceId: number) {
  return useQuery({ ...canControlQuery(resourceId), refetchInterval: useLivePollInterval() });
}
