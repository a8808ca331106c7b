import { MqttMessages } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '../components/load-error.tsx';
import { MqttConfigurationTest } from '../features/mqtt/components/mqtt-configuration-test.tsx';
import { translateMqttMessage } from '../features/mqtt/hooks/mqtt-error-messages.ts';

const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** /resources/{resourceId}/iot/mqtt/test/{configId} (spec 02 §2 "Test page"). */
export default function MqttConfigurationTestPage() {
  const { t } = useTranslation();
  const params = useParams();
  const resourceId = idOf(params.resourceId);
  const configId = idOf(params.configId);
  if (resourceId === undefined || configId === undefined) {
    return <LoadError title={translateMqttMessage(t, MqttMessages.resourceAndConfigurationIdRequired)} />;
  }
  // Keyed by ids, so moving to another configuration starts with no result shown.
  return (
    <MqttConfigurationTest key={`${resourceId}/${configId}`} resourceId={resourceId} configId={configId} />
  );
}
