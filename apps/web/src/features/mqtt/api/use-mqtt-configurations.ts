import { useQuery } from '@tanstack/react-query';
import { mqttConfigurationQuery, mqttConfigurationsQuery, mqttDeliveriesQuery } from './mqtt-queries.ts';

export const useMqttConfigurations = (resourceId: number) => useQuery(mqttConfigurationsQuery(resourceId));

export const useMqttConfiguration = (resourceId: number, configId: number) =>
  useQuery(mqttConfigurationQuery(resourceId, configId));

/** The recent deliveries of a configuration, refreshed while they are shown. */
export const useMqttDeliveries = (resourceId: number, configId: number) =>
  useQuery(mqttDeliveriesQuery(resourceId, configId));
