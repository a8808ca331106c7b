import type { Webhook, WebhookWithSecret } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { ModalForm } from '../../../components/modal-form.tsx';
import { ModalShell } from '../../../components/modal-shell.tsx';
import { useWebhookForm } from '../hooks/use-webhook-form.ts';
import { WebhookBodyFields } from './webhook-body-fields.tsx';
import { WebhookFormTest } from './webhook-form-test.tsx';
import { WebhookRequestFields } from './webhook-request-fields.tsx';
import { WebhookRetryFields } from './webhook-retry-fields.tsx';
import { WebhookSignatureFields } from './webhook-signature-fields.tsx';

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
    <ModalShell isOpen={isOpen} onClose={() => onOpenChange(false)} size="lg">
      {/* Mounted per opening, so the form starts from the saved values each time. */}
      <WebhookForm
        resourceId={resourceId}
        webhook={webhook}
        onDone={() => onOpenChange(false)}
        onCreated={onCreated}
      />
    </ModalShell>
  );
}

type WebhookFormProps = {
  resourceId: number;
  webhook: Webhook | undefined;
  onDone: () => void;
  onCreated: (webhook: WebhookWithSecret) => void;
};

function WebhookForm({ resourceId, webhook, onDone, onCreated }: WebhookFormProps) {
  const { t } = useTranslation();
  const form = useWebhookForm({ resourceId, webhook, onDone, onCreated });
  return (
    <ModalForm
      title={webhook ? t('webhooks.form.editTitle', { name: webhook.name }) : t('webhooks.form.createTitle')}
      wrapTitle
      closeLabel={t('webhooks.form.close')}
      onSubmit={form.submit}
      bodyClassName="flex flex-col gap-5"
      start={<WebhookFormTest resourceId={resourceId} webhook={webhook} />}
      cancelLabel={t('webhooks.form.cancel')}
      submitLabel={t('webhooks.form.save')}
      isPending={form.isPending}
    >
      <WebhookRequestFields form={form} webhook={webhook} />
      <WebhookBodyFields form={form} resourceId={resourceId} />
      <WebhookRetryFields form={form} />
      <WebhookSignatureFields form={form} />
      {form.otherServerErrors.length > 0 && (
        <FormErrorAlert title={t('webhooks.errors.save')} message={form.otherServerErrors.join(' ')} />
      )}
    </ModalForm>
  );
}
