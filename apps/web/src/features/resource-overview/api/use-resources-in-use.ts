import { useQuery } from '@tanstack/react-query';
import type { UsageSession } from '@toolpass/contracts';
import { resourcesInUseQuery } from '../../resources/api/resources-queries.ts';
import { useLivePollInterval } from '../../resources/live/use-resource-live-updates.ts';

/** Resource id to the start time of its running session. */
export type ResourcesInUse = ReadonlyMap<number, string>;

const startTimesOf = (sessions: UsageSession[]): ResourcesInUse =>
  new Map(sessions.map((session) => [session.resourceId, session.startTime]));

/**
 * The resources with a running session and since when, for the status chips and their elapsed
 * time; undefined until known. A new map whenever it changes, so rows built from it render again.
 * Live events keep it fresh; while the event stream is down it is polled instead.
 */
export function useResourcesInUse(): ResourcesInUse | undefined {
  const refetchInterval = useLivePollInterval();
  return useQuery({ ...resourcesInUseQuery(), select: startTimesOf, refetchInterval }).data;
}
