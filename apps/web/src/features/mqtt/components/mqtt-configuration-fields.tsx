import {
  Button,
  Description,
  FieldError,
  Input,
  Label,
  ListBox,
  Select,
  TextArea,
  TextField,
} from '@heroui/react';
import {
  DEFAULT_MQTT_MESSAGES,
  DEFAULT_MQTT_TOPIC,
  type MqttServer,
  NAME_MAX_LENGTH,
} from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { LengthHint } from '../../../components/length-hint.tsx';
import { SwitchField } from '../../../components/switch-field.tsx';
import type { MqttConfigurationFormState } from '../hooks/use-mqtt-configuration-form.ts';
import type { MqttConfigurationDraft, MqttConfigurationProblem } from '../mqtt-configuration-draft.ts';

/** Message templates show this many lines (spec 02 §5). */
const MESSAGE_ROWS = 5;

const NO_EXTRAS = { description: undefined, topicPlaceholder: undefined, messagePlaceholder: undefined };
/**
 * The moments a configuration sends at, each a topic and a message; in use and not in use are
 * required, takeover falls back to the defaults shown as placeholders.
 */
const MOMENTS = [
  { title: 'inUseTitle', topic: 'inUseTopic', message: 'inUseMessage', isRequired: true, ...NO_EXTRAS },
  {
    title: 'notInUseTitle',
    topic: 'notInUseTopic',
    message: 'notInUseMessage',
    isRequired: true,
    ...NO_EXTRAS,
  },
  {
    title: 'takeoverTitle',
    description: 'takeoverDescription',
    topic: 'takeoverTopic',
    message: 'takeoverMessage',
    isRequired: false,
    topicPlaceholder: DEFAULT_MQTT_TOPIC,
    messagePlaceholder: DEFAULT_MQTT_MESSAGES.takeover,
  },
] as const satisfies readonly {
  title: string;
  description?: string;
  topic: keyof MqttConfigurationDraft;
  message: keyof MqttConfigurationDraft;
  isRequired: boolean;
  topicPlaceholder?: string;
  messagePlaceholder?: string;
}[];

type TakeoverFlag = 'onTakeoverSendStart' | 'onTakeoverSendStop' | 'onTakeoverSendTakeover';

type MqttConfigurationFieldsProps = {
  form: MqttConfigurationFormState;
  /** The servers to choose from; undefined while they load. */
  servers: MqttServer[] | undefined;
  onCreateServer: () => void;
};

/**
 * Name, server, the topic and message for in use, not in use and takeover, and what a takeover
 * sends (spec 02 §3, §5).
 */
export function MqttConfigurationFields({ form, servers, onCreateServer }: MqttConfigurationFieldsProps) {
  const { t } = useTranslation();
  const { draft, problems, serverErrors } = form;
  const set = (change: Partial<MqttConfigurationDraft>) => form.change({ ...draft, ...change });
  const problemText = (problem: MqttConfigurationProblem | undefined) => {
    switch (problem) {
      case 'required':
        return t('mqtt.validation.required');
      case 'serverRequired':
        return t('mqtt.validation.serverRequired');
      case 'wildcard':
        return t('mqtt.serverMessages.topicWildcard');
      default:
        return undefined;
    }
  };
  const serverError = problemText(problems.serverId) ?? serverErrors.serverId;
  const takeoverFlags: { flag: TakeoverFlag; label: string }[] = [
    { flag: 'onTakeoverSendStart', label: t('mqtt.configurationForm.onTakeoverSendStart') },
    { flag: 'onTakeoverSendStop', label: t('mqtt.configurationForm.onTakeoverSendStop') },
    { flag: 'onTakeoverSendTakeover', label: t('mqtt.configurationForm.onTakeoverSendTakeover') },
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 lg:grid-cols-2">
        <TextField
          variant="secondary"
          name="name"
          isRequired
          value={draft.name}
          onChange={(name) => set({ name })}
          isInvalid={(problemText(problems.name) ?? serverErrors.name) !== undefined}
        >
          <Label>{t('mqtt.configurationForm.name')}</Label>
          <Input />
          <LengthHint value={draft.name} max={NAME_MAX_LENGTH} />
          <FieldError>{problemText(problems.name) ?? serverErrors.name}</FieldError>
        </TextField>
        <div className="flex min-w-0 flex-col items-start gap-2">
          <Select
            variant="secondary"
            name="serverId"
            className="w-full min-w-0"
            isRequired
            isDisabled={servers === undefined}
            placeholder={
              servers === undefined
                ? t('mqtt.configurationForm.serversLoading')
                : t('mqtt.configurationForm.serverPlaceholder')
            }
            value={draft.serverId}
            onChange={(key) => set({ serverId: key === null ? null : Number(key) })}
            isInvalid={serverError !== undefined}
          >
            <Label>{t('mqtt.configurationForm.server')}</Label>
            <Select.Trigger>
              <Select.Value className="[overflow-wrap:anywhere]" />
              <Select.Indicator />
            </Select.Trigger>
            {servers?.length === 0 && <Description>{t('mqtt.configurationForm.noServers')}</Description>}
            <FieldError>{serverError}</FieldError>
            <Select.Popover>
              <ListBox items={servers ?? []}>
                {(server) => (
                  <ListBox.Item id={server.id} textValue={server.name}>
                    <span className="[overflow-wrap:anywhere]">{server.name}</span>
                    <ListBox.ItemIndicator />
                  </ListBox.Item>
                )}
              </ListBox>
            </Select.Popover>
          </Select>
          <Button size="sm" variant="secondary" onPress={onCreateServer}>
            {t('mqtt.configurationForm.newServer')}
          </Button>
        </div>
      </div>

      {MOMENTS.map((moment) => (
        <fieldset key={moment.topic} className="flex min-w-0 flex-col gap-3">
          <legend className="mb-1 font-semibold">{t(`mqtt.configurationForm.${moment.title}`)}</legend>
          {moment.description && (
            <p className="text-sm text-muted">{t(`mqtt.configurationForm.${moment.description}`)}</p>
          )}
          {([moment.topic, moment.message] as const).map((field) => (
            <TemplateField
              key={field}
              name={field}
              label={t(`mqtt.configurationForm.${field}`)}
              isMessage={field === moment.message}
              isRequired={moment.isRequired}
              placeholder={field === moment.topic ? moment.topicPlaceholder : moment.messagePlaceholder}
              value={draft[field]}
              onChange={(value) => set({ [field]: value })}
              error={problemText(problems[field]) ?? serverErrors[field]}
            />
          ))}
        </fieldset>
      ))}

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold">{t('mqtt.configurationForm.takeoverFlags')}</legend>
        {takeoverFlags.map(({ flag, label }) => (
          <SwitchField
            key={flag}
            name={flag}
            isSelected={draft[flag]}
            onChange={(value) => set({ [flag]: value })}
          >
            {label}
          </SwitchField>
        ))}
      </fieldset>
    </div>
  );
}

type TemplateFieldProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** A message gets several lines; a topic one. */
  isMessage: boolean;
  isRequired: boolean;
  placeholder: string | undefined;
};

function TemplateField(props: TemplateFieldProps) {
  const typing = { placeholder: props.placeholder, autoCapitalize: 'off', spellCheck: false } as const;
  return (
    <TextField
      variant="secondary"
      name={props.name}
      isRequired={props.isRequired}
      value={props.value}
      onChange={props.onChange}
      isInvalid={props.error !== undefined}
    >
      <Label>{props.label}</Label>
      {props.isMessage ? (
        <TextArea rows={MESSAGE_ROWS} className="font-mono text-sm" {...typing} />
      ) : (
        <Input className="font-mono" {...typing} />
      )}
      <FieldError>{props.error}</FieldError>
    </TextField>
  );
}
