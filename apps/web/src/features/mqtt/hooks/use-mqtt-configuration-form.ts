import type { MqttConfiguration } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveMqttConfiguration } from '../api/use-mqtt-configuration-mutations.ts';
import {
  draftOfConfiguration,
  hasConfigurationProblems,
  type MqttConfigurationDraft,
  newConfigurationDraft,
  validateConfigurationDraft,
} from '../mqtt-configuration-draft.ts';
import { mqttErrorDetail, mqttFieldErrors } from './mqtt-error-messages.ts';

/**
 * State of the configuration form: a new one starts from the default topic and messages, an
 * existing one from its saved values. Problems of the app's own checks show from the first
 * submit on; the server's messages of a refused submit go once anything is edited.
 */
export function useMqttConfigurationForm(
  resourceId: number,
  configuration: MqttConfiguration | undefined,
  onSaved: (configuration: MqttConfiguration) => void,
) {
  const { t } = useTranslation();
  const save = useSaveMqttConfiguration(resourceId, configuration?.id);
  const [draft, setDraft] = useState(() =>
    configuration ? draftOfConfiguration(configuration) : newConfigurationDraft(),
  );
  const [isChecked, setIsChecked] = useState(false);
  const isEdit = configuration !== undefined;

  const change = (next: MqttConfigurationDraft) => {
    setDraft(next);
    save.reset();
  };

  /** Chooses a server, also from outside the form (the new-server modal selects what it created). */
  const selectServer = (serverId: number) => {
    setDraft((current) => ({ ...current, serverId }));
    save.reset();
  };

  const submit = () => {
    setIsChecked(true);
    if (hasConfigurationProblems(validateConfigurationDraft(draft))) return;
    save.mutate(draft, {
      onSuccess: (saved) => {
        notifySuccess(isEdit ? t('mqtt.configurationForm.updated') : t('mqtt.configurationForm.created'));
        onSaved(saved);
      },
      onError: (error) =>
        notifyError(
          isEdit ? t('mqtt.configurationForm.updateFailed') : t('mqtt.configurationForm.createFailed'),
          mqttErrorDetail(t, error),
        ),
    });
  };

  return {
    draft,
    change,
    selectServer,
    submit,
    isEdit,
    problems: isChecked ? validateConfigurationDraft(draft) : {},
    serverErrors: mqttFieldErrors(t, save.error),
    isPending: save.isPending,
  };
}

export type MqttConfigurationFormState = ReturnType<typeof useMqttConfigurationForm>;
