import { MqttMessages } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '../components/load-error.tsx';
import {
  MqttConfigurationCreateEditor,
  MqttConfigurationEditEditor,
} from '../features/mqtt/components/mqtt-configuration-editor.tsx';
import { translateMqttMessage } from '../features/mqtt/hooks/mqtt-error-messages.ts';

const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * /resources/{resourceId}/iot/mqtt/create and /resources/{resourceId}/iot/mqtt/{configId}
 * (spec 02 §2): a create needs the resource id, an edit both ids.
 */
export default function MqttConfigurationPage() {
  const { t } = useTranslation();
  const params = useParams();
  const resourceId = idOf(params.resourceId);
  const isEdit = params.configId !== undefined;
  const configId = idOf(params.configId);

  if (isEdit) {
    if (resourceId === undefined || configId === undefined) {
      return <LoadError title={translateMqttMessage(t, MqttMessages.resourceAndConfigurationIdRequired)} />;
    }
    // Keyed by ids, so moving to another configuration starts from its saved values.
    return (
      <MqttConfigurationEditEditor
        key={`${resourceId}/${configId}`}
        resourceId={resourceId}
        configId={configId}
      />
    );
  }
  if (resourceId === undefined) {
    return <LoadError title={translateMqttMessage(t, MqttMessages.resourceIdRequired)} />;
  }
  return <MqttConfigurationCreateEditor key={resourceId} resourceId={resourceId} />;
}
