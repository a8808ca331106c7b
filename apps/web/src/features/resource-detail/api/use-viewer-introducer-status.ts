import { useQuery } from '@tanstack/react-query';
import { introducerStatusQuery } from '../../introductions/api/introducer-status-query.ts';
import { USAGE_POLL_INTERVAL_MS } from '../../resources/api/resources-queries.ts';

/**
 * Whether the viewer introduces to the resource, directly or through one of its groups. Polled
 * every 3 s (spec 01 §2, §9) whether or not live events flow: granting an introducer sends no event.
 */
export function useViewerIntroducerStatus(resourceId: number, viewerId: number) {
  return useQuery({
    ...introducerStatusQuery({ kind: 'resource', id: resourceId }, viewerId),
    refetchInterval: USAGE_POLL_INTERVAL_MS,
  });
}
