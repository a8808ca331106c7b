import { useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookBody, Webhook, WebhookTestResult, WebhookWithSecret } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { webhookPath, webhooksKeys, webhooksPath } from './webhooks-queries.ts';

/**
 * Each hook serves one webhook: a single-flight mutation shared by several webhooks would hand
 * the second one's caller the first one's answer.
 */

/** Creates (no id) or updates a webhook; the list refreshes either way (spec 02 §4). */
export function useSaveWebhook(resourceId: number, id: number | undefined) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: CreateWebhookBody): Promise<Webhook | WebhookWithSecret> =>
      id === undefined
        ? apiClient.post<WebhookWithSecret>(webhooksPath(resourceId), body)
        : apiClient.put<Webhook>(webhookPath(resourceId, id), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list(resourceId) }),
  });
}

export function useDeleteWebhook(resourceId: number, id: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => apiClient.delete(webhookPath(resourceId, id)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: webhooksKeys.deliveries(resourceId, id) });
      return queryClient.invalidateQueries({ queryKey: webhooksKeys.list(resourceId) });
    },
  });
}

/** The dedicated status call (spec 02 §4): switches a webhook on or off without the whole form. */
export function useSetWebhookActive(resourceId: number, id: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (active: boolean) =>
      apiClient.put<Webhook>(`${webhookPath(resourceId, id)}/status`, { active }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list(resourceId) }),
  });
}

/**
 * Sends one signed request with the saved settings (not the form's unsaved ones) and waits for
 * the receiver; a test is not a delivery, so the delivery log stays as it is.
 */
export function useTestWebhook(resourceId: number, id: number) {
  return useSingleFlightMutation({
    mutationFn: () => apiClient.post<WebhookTestResult>(`${webhookPath(resourceId, id)}/test`),
  });
}

/** A new signing secret; the old one stops working. The answer is the only place the new one shows. */
export function useRegenerateWebhookSecret(resourceId: number, id: number) {
  return useSingleFlightMutation({
    mutationFn: () => apiClient.post<WebhookWithSecret>(`${webhookPath(resourceId, id)}/regenerate-secret`),
  });
}
