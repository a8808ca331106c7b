import { Checkbox, Label } from '@heroui/react';
import { NAME_MAX_LENGTH } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { LengthHint } from '../../../components/length-hint.tsx';
import { SwitchField } from '../../../components/switch-field.tsx';
import type { MqttServerFormState } from '../hooks/use-mqtt-server-form.ts';
import type { MqttServerDraft, MqttServerProblem } from '../mqtt-server-draft.ts';

/**
 * Name, host, port, client id, username, password and TLS of a server (spec 02 §2, §3, §5). The
 * password is write-only: an edit starts with it empty, and empty keeps the stored one.
 */
export function MqttServerFields({ form }: { form: MqttServerFormState }) {
  const { t } = useTranslation();
  const { draft, problems, serverErrors } = form;
  const set = (change: Partial<MqttServerDraft>) => form.change({ ...draft, ...change });
  const problemText = (problem: MqttServerProblem | undefined) => {
    if (problem === 'required') return t('mqtt.validation.required');
    if (problem === 'port') return t('mqtt.validation.port');
    return undefined;
  };

  return (
    <div className="flex flex-col gap-4">
      <FormTextField
        name="name"
        label={t('mqtt.serverForm.name')}
        isRequired
        value={draft.name}
        onChange={(name) => set({ name })}
        error={problemText(problems.name) ?? serverErrors.name}
      >
        <LengthHint value={draft.name} max={NAME_MAX_LENGTH} />
      </FormTextField>
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <FormTextField
          name="host"
          label={t('mqtt.serverForm.host')}
          isRequired
          value={draft.host}
          onChange={(host) => set({ host })}
          error={problemText(problems.host) ?? serverErrors.host}
          description={t('mqtt.serverForm.hostHint')}
          inputProps={{ autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false }}
        />
        <FormTextField
          name="port"
          label={t('mqtt.serverForm.port')}
          isRequired
          value={draft.port}
          onChange={(port) => set({ port })}
          error={problemText(problems.port) ?? serverErrors.port}
          inputProps={{ inputMode: 'numeric' }}
        />
      </div>
      <FormTextField
        name="clientId"
        label={t('mqtt.serverForm.clientId')}
        value={draft.clientId}
        onChange={(clientId) => set({ clientId })}
        error={serverErrors.clientId}
        description={t('mqtt.serverForm.clientIdHint')}
        inputProps={{ autoCapitalize: 'off', spellCheck: false }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          name="username"
          label={t('mqtt.serverForm.username')}
          value={draft.username}
          onChange={(username) => set({ username })}
          error={serverErrors.username}
          inputProps={{ autoCapitalize: 'off', autoComplete: 'off', spellCheck: false }}
        />
        <FormTextField
          name="password"
          label={t('mqtt.serverForm.password')}
          type="password"
          value={draft.password}
          onChange={(password) => set({ password })}
          isDisabled={draft.clearPassword}
          error={
            serverErrors.password ??
            (form.needsPasswordAgain && !draft.password
              ? t('mqtt.serverForm.passwordForNewAddress')
              : undefined)
          }
          description={
            form.hasStoredPassword ? t('mqtt.serverForm.passwordStored') : t('mqtt.serverForm.passwordHint')
          }
          // A browser must not offer the manager's own sign-in password for the broker.
          inputProps={{ autoComplete: 'new-password' }}
        />
      </div>
      {form.hasStoredPassword && (
        <Checkbox
          name="clearPassword"
          isSelected={draft.clearPassword}
          onChange={(clearPassword) => set({ clearPassword, password: '' })}
        >
          <Checkbox.Content>
            <Checkbox.Control>
              <Checkbox.Indicator />
            </Checkbox.Control>
            <Label>{t('mqtt.serverForm.clearPassword')}</Label>
          </Checkbox.Content>
        </Checkbox>
      )}
      <SwitchField name="useTls" isSelected={draft.useTls} onChange={(useTls) => set({ useTls })}>
        {t('mqtt.serverForm.useTls')}
      </SwitchField>
    </div>
  );
}
