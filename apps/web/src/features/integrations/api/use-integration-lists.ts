import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MqttConfigurationOverview, WebhookOverview } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const integrationListsKeys = {
  webhooks: ['integrations', 'webhooks'] as const,
  mqttConfigurations: ['integrations', 'mqtt-configurations'] as const,
};

/** Every resource's webhooks, by resource name. */
export const allWebhooksQuery = () =>
  queryOptions({
    queryKey: integrationListsKeys.webhooks,
    queryFn: ({ signal }) => apiClient.get<WebhookOverview[]>('/api/webhooks', { signal }),
  });

/** Every resource's MQTT configurations, by resource name. */
export const allMqttConfigurationsQuery = () =>
  queryOptions({
    queryKey: integrationListsKeys.mqttConfigurations,
    queryFn: ({ signal }) =>
      apiClient.get<MqttConfigurationOverview[]>('/api/mqtt/configurations', { signal }),
  });

export const useAllWebhooks = () => useQuery(allWebhooksQuery());
export const useAllMqttConfigurations = () => useQuery(allMqttConfigurationsQuery());
