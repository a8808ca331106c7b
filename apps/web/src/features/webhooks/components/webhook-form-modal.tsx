import {
  Alert,
  Button,
  Description,
  Form,
  Input,
  Label,
  ListBox,
  Modal,
  NumberField,
  Select,
  Switch,
  TextArea,
  TextField,
} from '@heroui/react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_WEBHOOK_SIGNATURE_HEADER,
  NAME_MAX_LENGTH,
  sampleTemplateValues,
  TEMPLATE_VARIABLES,
  WEBHOOK_MAX_RETRIES_MAX,
  WEBHOOK_MAX_RETRIES_MIN,
  WEBHOOK_METHODS,
  WEBHOOK_RETRY_DELAY_MAX_MS,
  WEBHOOK_RETRY_DELAY_MIN_MS,
  WEBHOOK_RETRY_DELAY_STEP_MS,
  WEBHOOK_TIMESTAMP_HEADER,
  type Webhook,
  type WebhookMethod,
  type WebhookWithSecret,
} from '@toolpass/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LengthHint } from '../../../components/length-hint.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TranslatedFieldError } from '../../../components/translated-field-error.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { resourceQuery } from '../../resources/api/resources-queries.ts';
import { useSaveWebhook } from '../api/use-webhook-mutations.ts';
import {
  checkWebhookForm,
  newWebhookFormValues,
  type WebhookField,
  type WebhookFormErrors,
  type WebhookFormValues,
  webhookFormValues,
} from '../webhook-form-values.ts';
import { webhookErrorDetail, webhookServerFieldErrors } from '../webhook-messages.ts';
import { CredentialHeadersNote } from './credential-headers-note.tsx';
import { WebhookTemplateField } from './webhook-template-field.tsx';
import { WebhookTestButton } from './webhook-test-button.tsx';

/** The bounds the retry fields' messages name (spec 02 §5), written as the number fields show numbers. */
const ruleBounds = (language: string) => {
  const number = (value: number) => value.toLocaleString(language);
  return {
    retriesMin: number(WEBHOOK_MAX_RETRIES_MIN),
    retriesMax: number(WEBHOOK_MAX_RETRIES_MAX),
    delayMin: number(WEBHOOK_RETRY_DELAY_MIN_MS),
    delayMax: number(WEBHOOK_RETRY_DELAY_MAX_MS),
    delayStep: number(WEBHOOK_RETRY_DELAY_STEP_MS),
  };
};

/** Where the signature scheme is explained at length (spec 02 §2). */
export const WEBHOOK_DOCS_PATH = '/docs/webhooks';

/** The events a webhook can be sent for, in the order the form lists them. */
const SEND_ON_FIELDS = ['sendOnStart', 'sendOnStop', 'sendOnTakeover'] as const;
/** The body templates, one per moment (spec 02 §3). */
const TEMPLATE_FIELDS = ['inUseTemplate', 'notInUseTemplate', 'takeoverTemplate'] as const;

type WebhookFormModalProps = {
  resourceId: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The webhook to edit; without it the form creates a new one. */
  webhook?: Webhook | undefined;
  /** A new webhook was created: its secret is in this answer and nowhere else. */
  onCreated: (webhook: WebhookWithSecret) => void;
};

/** Creates or edits a webhook (spec 02 §3-§5); saving closes it and refreshes the list. */
export function WebhookFormModal({
  resourceId,
  isOpen,
  onOpenChange,
  webhook,
  onCreated,
}: WebhookFormModalProps) {
  return (
    <Modal.Backdrop isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal.Container size="lg" scroll="outside">
        <Modal.Dialog>
          {/* Mounted per opening, so the form starts from the saved values each time. */}
          <WebhookForm
            resourceId={resourceId}
            webhook={webhook}
            onDone={() => onOpenChange(false)}
            onCreated={onCreated}
          />
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}

type WebhookFormProps = {
  resourceId: number;
  webhook: Webhook | undefined;
  onDone: () => void;
  onCreated: (webhook: WebhookWithSecret) => void;
};

function WebhookForm({ resourceId, webhook, onDone, onCreated }: WebhookFormProps) {
  const { t, i18n } = useTranslation();
  const bounds = ruleBounds(i18n.language);
  const save = useSaveWebhook(resourceId, webhook?.id);
  const [values, setValues] = useState<WebhookFormValues>(() =>
    webhook ? webhookFormValues(webhook) : newWebhookFormValues(),
  );
  const [checkErrors, setCheckErrors] = useState<WebhookFormErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const sampleValues = useSampleValues(resourceId);
  const isEdit = webhook !== undefined;

  const set =
    <K extends WebhookField>(field: K) =>
    (value: WebhookFormValues[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
      // A message is about the value it was given for; editing the field answers it.
      setCheckErrors(({ [field]: _checked, ...rest }) => rest);
      setServerErrors(({ [field]: _refused, ...rest }) => rest);
    };
  const errorOf = (field: WebhookField): string | undefined => {
    const key = checkErrors[field];
    return serverErrors[field] ?? (key ? t(key, bounds) : undefined);
  };
  const fieldNames = new Set<string>(Object.keys(values));
  const otherServerErrors = Object.entries(serverErrors).filter(([field]) => !fieldNames.has(field));

  const submit = () => {
    const checked = checkWebhookForm(values);
    if (checked.errors) {
      setCheckErrors(checked.errors);
      if (checked.errors.url) notifyError(t('webhooks.form.invalidUrlTitle'));
      if (checked.errors.headers) notifyError(t('webhooks.form.invalidHeadersTitle'));
      if (!checked.errors.url && !checked.errors.headers) notifyError(t('webhooks.form.checkFieldsTitle'));
      return;
    }
    save.mutate(checked.body, {
      onSuccess: (saved) => {
        notifySuccess(isEdit ? t('webhooks.form.updated') : t('webhooks.form.created'), saved.name);
        onDone();
        if ('secret' in saved) onCreated(saved);
      },
      onError: (error) => {
        setServerErrors(webhookServerFieldErrors(t, error));
        notifyError(t('webhooks.errors.save'), webhookErrorDetail(t, error));
      },
    });
  };

  return (
    <Form
      className="flex flex-col"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Modal.CloseTrigger aria-label={t('webhooks.form.close')} />
      <Modal.Header>
        <Modal.Heading className="wrap-anywhere">
          {isEdit ? t('webhooks.form.editTitle', { name: webhook.name }) : t('webhooks.form.createTitle')}
        </Modal.Heading>
      </Modal.Header>
      <Modal.Body className="flex flex-col gap-5">
        <TextField
          isRequired
          name="name"
          value={values.name}
          onChange={set('name')}
          isInvalid={errorOf('name') !== undefined}
          autoFocus
        >
          <Label>{t('webhooks.form.name')}</Label>
          <Input />
          <LengthHint value={values.name} max={NAME_MAX_LENGTH} />
          <TranslatedFieldError serverMessage={errorOf('name')} />
        </TextField>
        <div className="flex flex-col gap-4 sm:flex-row">
          <Select
            className="sm:w-36"
            value={values.method}
            onChange={(key) => {
              if (key !== null) set('method')(key as WebhookMethod);
            }}
          >
            <Label>{t('webhooks.form.method')}</Label>
            <Select.Trigger>
              <Select.Value />
              <Select.Indicator />
            </Select.Trigger>
            <Select.Popover>
              <ListBox>
                {WEBHOOK_METHODS.map((method) => (
                  <ListBox.Item key={method} id={method} textValue={method}>
                    {method}
                    <ListBox.ItemIndicator />
                  </ListBox.Item>
                ))}
              </ListBox>
            </Select.Popover>
          </Select>
          <TextField
            isRequired
            className="min-w-0 flex-1"
            name="url"
            value={values.url}
            onChange={set('url')}
            isInvalid={errorOf('url') !== undefined}
          >
            <Label>{t('webhooks.form.url')}</Label>
            <Input inputMode="url" autoComplete="off" spellCheck={false} />
            <TranslatedFieldError serverMessage={errorOf('url')} />
          </TextField>
        </div>
        {values.method === 'GET' && <p className="text-sm text-muted">{t('webhooks.form.getSendsNoBody')}</p>}
        <TextField
          name="headers"
          value={values.headers}
          onChange={set('headers')}
          isInvalid={errorOf('headers') !== undefined}
        >
          <Label>{t('webhooks.form.headers')}</Label>
          <TextArea rows={3} spellCheck={false} className="font-mono text-sm" />
          <Description>{t('webhooks.form.headersHint')}</Description>
          <TranslatedFieldError serverMessage={errorOf('headers')} />
        </TextField>
        <CredentialHeadersNote webhook={webhook} url={values.url} />

        <FormSwitch isSelected={values.active} onChange={set('active')}>
          {t('webhooks.form.active')}
        </FormSwitch>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium">{t('webhooks.form.sendOn')}</legend>
          {SEND_ON_FIELDS.map((field) => (
            <FormSwitch key={field} isSelected={values[field]} onChange={set(field)}>
              {t(`webhooks.form.${field}`)}
            </FormSwitch>
          ))}
        </fieldset>

        <TemplateVariables />
        {TEMPLATE_FIELDS.map((field) => (
          <WebhookTemplateField
            key={field}
            name={field}
            label={t(`webhooks.form.${field}`)}
            value={values[field]}
            onChange={set(field)}
            sampleValues={sampleValues}
            serverError={serverErrors[field]}
          />
        ))}

        <FormSwitch isSelected={values.retryEnabled} onChange={set('retryEnabled')}>
          {t('webhooks.form.retryEnabled')}
        </FormSwitch>
        {values.retryEnabled && (
          <div className="flex flex-col gap-4 sm:flex-row">
            <NumberField
              className="sm:flex-1"
              name="maxRetries"
              value={values.maxRetries}
              onChange={set('maxRetries')}
              minValue={WEBHOOK_MAX_RETRIES_MIN}
              maxValue={WEBHOOK_MAX_RETRIES_MAX}
              step={1}
              isInvalid={errorOf('maxRetries') !== undefined}
            >
              <Label>{t('webhooks.form.maxRetries')}</Label>
              <NumberField.Group>
                <NumberField.DecrementButton />
                <NumberField.Input />
                <NumberField.IncrementButton />
              </NumberField.Group>
              <Description>
                {t('webhooks.form.maxRetriesHint', { min: bounds.retriesMin, max: bounds.retriesMax })}
              </Description>
              <TranslatedFieldError serverMessage={errorOf('maxRetries')} />
            </NumberField>
            <NumberField
              className="sm:flex-1"
              name="retryDelay"
              value={values.retryDelay}
              onChange={set('retryDelay')}
              minValue={WEBHOOK_RETRY_DELAY_MIN_MS}
              maxValue={WEBHOOK_RETRY_DELAY_MAX_MS}
              step={WEBHOOK_RETRY_DELAY_STEP_MS}
              isInvalid={errorOf('retryDelay') !== undefined}
            >
              <Label>{t('webhooks.form.retryDelay')}</Label>
              <NumberField.Group>
                <NumberField.DecrementButton />
                <NumberField.Input />
                <NumberField.IncrementButton />
              </NumberField.Group>
              <Description>
                {t('webhooks.form.retryDelayHint', {
                  min: bounds.delayMin,
                  max: bounds.delayMax,
                  step: bounds.delayStep,
                })}
              </Description>
              <TranslatedFieldError serverMessage={errorOf('retryDelay')} />
            </NumberField>
          </div>
        )}

        <TextField
          isRequired
          name="signatureHeader"
          value={values.signatureHeader}
          onChange={set('signatureHeader')}
          isInvalid={errorOf('signatureHeader') !== undefined}
        >
          <Label>{t('webhooks.form.signatureHeader')}</Label>
          <Input autoComplete="off" spellCheck={false} className="font-mono" />
          <TranslatedFieldError serverMessage={errorOf('signatureHeader')} />
        </TextField>
        <SignatureExplanation
          signatureHeader={values.signatureHeader.trim() || DEFAULT_WEBHOOK_SIGNATURE_HEADER}
        />

        {otherServerErrors.length > 0 && (
          <Alert status="danger" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('webhooks.errors.save')}</Alert.Title>
              <Alert.Description>
                {otherServerErrors.map(([, message]) => message).join(' ')}
              </Alert.Description>
            </Alert.Content>
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer className="flex flex-wrap items-center gap-3">
        <div className="me-auto">
          {webhook ? <SavedTestButton resourceId={resourceId} webhook={webhook} /> : <UnsavedTestButton />}
        </div>
        <Button variant="tertiary" slot="close">
          {t('webhooks.form.cancel')}
        </Button>
        <SubmitButton isPending={save.isPending}>{t('webhooks.form.save')}</SubmitButton>
      </Modal.Footer>
    </Form>
  );
}

/**
 * Sample values for the previews: the resource's own id and name, and a time fixed while the
 * form is open, so the previews do not change on every keystroke.
 */
function useSampleValues(resourceId: number) {
  const resource = useQuery(resourceQuery(resourceId));
  const [openedAt] = useState(() => new Date());
  return sampleTemplateValues({ id: resourceId, name: resource.data?.name ?? `#${resourceId}` }, openedAt);
}

function FormSwitch(props: { isSelected: boolean; onChange: (value: boolean) => void; children: ReactNode }) {
  return (
    <Switch isSelected={props.isSelected} onChange={props.onChange}>
      <Switch.Content>
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Label>{props.children}</Label>
      </Switch.Content>
    </Switch>
  );
}

function TemplateVariables() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div className="flex flex-col gap-2">
      <p id={headingId} className="text-sm font-medium">
        {t('webhooks.form.variables')}
      </p>
      <ul aria-labelledby={headingId} className="flex flex-wrap gap-2">
        {TEMPLATE_VARIABLES.map((variable) => (
          <li key={variable}>
            <code className="rounded bg-default px-1.5 py-0.5 text-xs">{`{{${variable}}}`}</code>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">{t('webhooks.form.variablesHint')}</p>
    </div>
  );
}

function SignatureExplanation({ signatureHeader }: { signatureHeader: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1 text-sm text-muted">
      <p>
        {t('webhooks.form.signatureExplanation', {
          timestampHeader: WEBHOOK_TIMESTAMP_HEADER,
          signatureHeader,
        })}
      </p>
      <a
        className="w-fit text-link underline"
        href={WEBHOOK_DOCS_PATH}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('webhooks.form.docsLink')}
      </a>
    </div>
  );
}

/** The server tests what is saved, so the button says so while the form may hold changes. */
function SavedTestButton({ resourceId, webhook }: { resourceId: number; webhook: Webhook }) {
  const { t } = useTranslation();
  const noteId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <WebhookTestButton resourceId={resourceId} webhook={webhook} aria-describedby={noteId} />
      <p id={noteId} className="text-sm text-muted">
        {t('webhooks.test.savedSettings')}
      </p>
    </div>
  );
}

/** Spec 02 §5: an unsaved webhook cannot be tested; the button says why instead of failing. */
function UnsavedTestButton() {
  const { t } = useTranslation();
  const reasonId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" isDisabled aria-describedby={reasonId}>
        {t('webhooks.test.button')}
      </Button>
      <p id={reasonId} className="text-sm text-muted">
        <span className="font-medium">{t('webhooks.test.notImplementedTitle')}</span>{' '}
        <span>{t('webhooks.test.notImplementedMessage')}</span>
      </p>
    </div>
  );
}
