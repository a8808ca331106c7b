import { queryOptions } from '@tanstack/react-query';
import type { Booking, ICalFeed, MyBooking, WaitListEntry } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { resourcesKeys } from '../../resources/api/resources-queries.ts';

/**
 * A resource's bookings and wait list nest under the resource's key, so its live events refresh
 * them with everything else about it (resources/live/use-resource-live-updates.ts).
 */
export const bookingsKeys = {
  all: ['bookings'] as const,
  mine: ['bookings', 'mine'] as const,
  icalFeed: ['bookings', 'ical-feed'] as const,
  ofResource: (resourceId: number) => [...resourcesKeys.detail(resourceId), 'bookings'] as const,
  range: (resourceId: number, from: string, to: string) =>
    [...resourcesKeys.detail(resourceId), 'bookings', from, to] as const,
  waitList: (resourceId: number) => [...resourcesKeys.detail(resourceId), 'wait-list'] as const,
};

/** Bookings and blocks of one resource between two times (ISO 8601 with offset). */
export const resourceBookingsQuery = (resourceId: number, from: string, to: string) =>
  queryOptions({
    queryKey: bookingsKeys.range(resourceId, from, to),
    queryFn: ({ signal }) =>
      apiClient.get<Booking[]>(`/api/resources/${resourceId}/bookings`, { query: { from, to }, signal }),
  });

export const myBookingsQuery = () =>
  queryOptions({
    queryKey: bookingsKeys.mine,
    queryFn: ({ signal }) => apiClient.get<MyBooking[]>('/api/bookings/mine', { signal }),
  });

export const icalFeedQuery = () =>
  queryOptions({
    queryKey: bookingsKeys.icalFeed,
    queryFn: ({ signal }) => apiClient.get<ICalFeed>('/api/bookings/ical-feed', { signal }),
  });

export const waitListQuery = (resourceId: number) =>
  queryOptions({
    queryKey: bookingsKeys.waitList(resourceId),
    queryFn: ({ signal }) =>
      apiClient.get<WaitListEntry[]>(`/api/resources/${resourceId}/wait-list`, { signal }),
  });
