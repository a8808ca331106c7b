import { Accordion, Button } from '@heroui/react';
import type { Webhook, WebhookWithSecret } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';
import { useSetWebhookActive } from '../api/use-webhook-mutations.ts';
import { webhookErrorDetail } from '../webhook-messages.ts';
import { DeleteWebhookButton } from './delete-webhook-button.tsx';
import { RegenerateSecretButton } from './regenerate-secret-button.tsx';
import { WebhookActiveChip } from './webhook-active-chip.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookTestButton } from './webhook-test-button.tsx';

type WebhookItemProps = {
  resourceId: number;
  webhook: Webhook;
  isExpanded: boolean;
  onEdit: (webhook: Webhook) => void;
  onSecret: (webhook: WebhookWithSecret) => void;
};

/** One webhook of the accordion: what it sends where, its actions and its recent deliveries. */
export function WebhookItem({ resourceId, webhook, isExpanded, onEdit, onSecret }: WebhookItemProps) {
  const { t } = useTranslation();
  return (
    <Accordion.Item id={webhook.id}>
      <Accordion.Heading level={4}>
        <Accordion.Trigger>
          <span className="flex min-w-0 flex-1 flex-col items-start gap-1 text-start">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium wrap-anywhere">{webhook.name}</span>
              <WebhookActiveChip active={webhook.active} />
            </span>
            <span className="text-sm text-muted wrap-anywhere">
              <span className="font-mono">{webhook.method}</span> {webhook.url}
            </span>
          </span>
          <Accordion.Indicator />
        </Accordion.Trigger>
      </Accordion.Heading>
      <Accordion.Panel>
        <Accordion.Body className="flex flex-col gap-4">
          <WebhookFacts webhook={webhook} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onPress={() => onEdit(webhook)}>
              {t('webhooks.edit')}
            </Button>
            <ActiveToggle resourceId={resourceId} webhook={webhook} />
            <WebhookTestButton resourceId={resourceId} webhook={webhook} />
            <RegenerateSecretButton resourceId={resourceId} webhook={webhook} onRegenerated={onSecret} />
            <DeleteWebhookButton resourceId={resourceId} webhook={webhook} />
          </div>
          {/* Read only while open: each open log is read again every few seconds. */}
          {isExpanded && <WebhookDeliveries resourceId={resourceId} webhookId={webhook.id} />}
        </Accordion.Body>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function WebhookFacts({ webhook }: { webhook: Webhook }) {
  const { t, i18n } = useTranslation();
  const events = [
    webhook.sendOnStart && t('webhooks.flags.start'),
    webhook.sendOnStop && t('webhooks.flags.stop'),
    webhook.sendOnTakeover && t('webhooks.flags.takeover'),
    webhook.sendOnBooking && t('webhooks.flags.booking'),
  ].filter((label): label is string => typeof label === 'string');
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-muted">{t('webhooks.flags.sendsOn')}</dt>
      <dd>{events.length > 0 ? events.join(', ') : t('webhooks.flags.noEvents')}</dd>
      <dt className="text-muted">{t('webhooks.flags.retries')}</dt>
      <dd>
        {webhook.retryEnabled
          ? t('webhooks.flags.retriesOn', {
              retries: webhook.maxRetries,
              delay: webhook.retryDelay.toLocaleString(i18n.language),
            })
          : t('webhooks.flags.retriesOff')}
      </dd>
      <dt className="text-muted">{t('webhooks.flags.signatureHeader')}</dt>
      <dd className="font-mono wrap-anywhere">{webhook.signatureHeader}</dd>
    </dl>
  );
}

/** Switches the webhook on or off through the status call, without opening the form (spec 02 §4). */
function ActiveToggle({ resourceId, webhook }: { resourceId: number; webhook: Webhook }) {
  const { t } = useTranslation();
  const setActive = useSetWebhookActive(resourceId, webhook.id);
  const needsConnection = useNeedsConnection();
  return (
    <Button
      variant="secondary"
      {...needsConnection}
      isPending={setActive.isPending}
      onPress={() =>
        setActive.mutate(!webhook.active, {
          onSuccess: (saved) =>
            notifySuccess(
              saved.active ? t('webhooks.status.activated') : t('webhooks.status.deactivated'),
              saved.name,
            ),
          onError: (error) => notifyError(t('webhooks.errors.status'), webhookErrorDetail(t, error)),
        })
      }
    >
      {webhook.active ? t('webhooks.status.deactivate') : t('webhooks.status.activate')}
    </Button>
  );
}
