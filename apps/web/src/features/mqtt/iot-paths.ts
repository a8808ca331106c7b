/** The IoT screens' addresses (spec 02 §2), in one place for links and redirects. */
export const iotPath = (resourceId: number) => `/resources/${resourceId}/iot`;
export const mqttConfigurationCreatePath = (resourceId: number) => `/resources/${resourceId}/iot/mqtt/create`;
export const mqttConfigurationEditPath = (resourceId: number, configId: number) =>
  `/resources/${resourceId}/iot/mqtt/${configId}`;
export const mqttConfigurationTestPath = (resourceId: number, configId: number) =>
  `/resources/${resourceId}/iot/mqtt/test/${configId}`;
