import type { MqttServer } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveMqttServer } from '../api/use-mqtt-server-mutations.ts';
import {
  draftOfServer,
  hasServerProblems,
  type MqttServerDraft,
  validateServerDraft,
} from '../mqtt-server-draft.ts';
import { mqttErrorDetail, mqttFieldErrors } from './mqtt-error-messages.ts';

/**
 * State of the server form (page and modal): the draft, the problems of the app's own checks
 * (shown from the first submit on, then following the typing) and the server's messages of the
 * last refused submit (gone once anything is edited).
 */
export function useMqttServerForm(server: MqttServer | undefined, onSaved: (server: MqttServer) => void) {
  const { t } = useTranslation();
  const save = useSaveMqttServer(server?.id);
  const [draft, setDraft] = useState(() => draftOfServer(server));
  const [isChecked, setIsChecked] = useState(false);
  const isEdit = server !== undefined;

  const change = (next: MqttServerDraft) => {
    setDraft(next);
    save.reset();
  };

  const submit = () => {
    setIsChecked(true);
    if (hasServerProblems(validateServerDraft(draft))) return;
    save.mutate(draft, {
      onSuccess: (saved) => {
        notifySuccess(isEdit ? t('mqtt.serverForm.updated') : t('mqtt.serverForm.created'));
        onSaved(saved);
      },
      onError: (error) =>
        notifyError(
          isEdit ? t('mqtt.serverForm.updateFailed') : t('mqtt.serverForm.createFailed'),
          mqttErrorDetail(t, error),
        ),
    });
  };

  // The server drops a stored password when the address changes (issue 26): the form asks again.
  const addressChanged =
    server !== undefined &&
    (draft.host.trim() !== server.host ||
      draft.port.trim() !== String(server.port) ||
      draft.useTls !== server.useTls);

  return {
    draft,
    change,
    submit,
    isEdit,
    hasStoredPassword: server?.hasPassword ?? false,
    /** A password is stored and the host, port or TLS changed: it must be given again to stay. */
    needsPasswordAgain: (server?.hasPassword ?? false) && addressChanged && !draft.clearPassword,
    problems: isChecked ? validateServerDraft(draft) : {},
    serverErrors: mqttFieldErrors(t, save.error),
    isPending: save.isPending,
  };
}

export type MqttServerFormState = ReturnType<typeof useMqttServerForm>;
