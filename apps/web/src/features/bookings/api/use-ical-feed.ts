import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ICalFeed } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { bookingsKeys, icalFeedQuery } from './bookings-queries.ts';

/** The viewer's secret iCal feed address. */
export function useICalFeed() {
  return useQuery(icalFeedQuery());
}

/** Gives the feed a new address; the old one stops working. */
export function useRenewICalFeed() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => apiClient.post<ICalFeed>('/api/bookings/ical-feed'),
    onSuccess: (feed) => queryClient.setQueryData(bookingsKeys.icalFeed, feed),
  });
}
