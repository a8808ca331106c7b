import { queryOptions } from '@tanstack/react-query';
import type { DeliveryLogEntry, Webhook } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** How often an open webhook's delivery log is read again: deliveries change without a page event. */
export const DELIVERIES_REFRESH_MS = 5_000;

export const webhooksPath = (resourceId: number) => `/api/resources/${resourceId}/webhooks`;
export const webhookPath = (resourceId: number, id: number) => `${webhooksPath(resourceId)}/${id}`;

/**
 * Keys under the resource's detail key (`['resources', 'detail', id]`, features/resources), so
 * the live update that refreshes a resource after a session starts or ends refreshes its
 * webhooks' delivery logs too.
 */
export const webhooksKeys = {
  list: (resourceId: number) => ['resources', 'detail', resourceId, 'webhooks'] as const,
  deliveries: (resourceId: number, id: number) =>
    ['resources', 'detail', resourceId, 'webhooks', id, 'deliveries'] as const,
};

export const webhooksQuery = (resourceId: number) =>
  queryOptions({
    queryKey: webhooksKeys.list(resourceId),
    queryFn: ({ signal }) => apiClient.get<Webhook[]>(webhooksPath(resourceId), { signal }),
  });

export const webhookDeliveriesQuery = (resourceId: number, id: number) =>
  queryOptions({
    queryKey: webhooksKeys.deliveries(resourceId, id),
    queryFn: ({ signal }) =>
      apiClient.get<DeliveryLogEntry[]>(`${webhookPath(resourceId, id)}/deliveries`, { signal }),
    refetchInterval: DELIVERIES_REFRESH_MS,
  });
