import { Accordion, Button, Card, type Key, Skeleton } from '@heroui/react';
import { useQuery } from '@tanstack/react-query';
import type { Webhook, WebhookWithSecret } from '@toolpass/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { webhooksQuery } from '../api/webhooks-queries.ts';
import { webhookErrorDetail } from '../webhook-messages.ts';
import { WebhookFormModal } from './webhook-form-modal.tsx';
import { WebhookItem } from './webhook-item.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';

/**
 * Whether the form is open, and for which webhook (none: a new one). The webhook stays while
 * the form closes, so its title does not change during the closing animation.
 */
type FormState = { isOpen: boolean; webhook: Webhook | undefined };

/**
 * The webhooks of a resource on its IoT settings page (spec 02 §2 "Webhook screens"): the list
 * with each one's state, actions and deliveries, the form, and the one-time view of a secret.
 */
export function WebhooksAccordion({ resourceId }: { resourceId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const webhooks = useQuery(webhooksQuery(resourceId));
  const [form, setForm] = useState<FormState>({ isOpen: false, webhook: undefined });
  // Held here, not in the query cache: the secret is shown once and then forgotten.
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [expanded, setExpanded] = useState<Set<Key>>(new Set());

  return (
    <Card role="region" aria-labelledby={titleId}>
      <Card.Header className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <Card.Title id={titleId}>{t('webhooks.title')}</Card.Title>
          <Card.Description>{t('webhooks.description')}</Card.Description>
        </div>
        <Button onPress={() => setForm({ isOpen: true, webhook: undefined })}>{t('webhooks.add')}</Button>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4" aria-busy={webhooks.isFetching}>
        {webhooks.isPending && (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">{t('webhooks.loading')}</span>
            <Skeleton className="h-14 w-full rounded-lg" />
            <Skeleton className="h-14 w-full rounded-lg" />
          </div>
        )}
        {webhooks.isLoadingError && (
          <LoadError
            title={t('webhooks.errors.load')}
            message={webhookErrorDetail(t, webhooks.error)}
            onRetry={() => void webhooks.refetch()}
          />
        )}
        {webhooks.data?.length === 0 && <p className="py-4 text-center text-muted">{t('webhooks.empty')}</p>}
        {webhooks.data && webhooks.data.length > 0 && (
          <Accordion
            variant="surface"
            allowsMultipleExpanded
            expandedKeys={expanded}
            onExpandedChange={setExpanded}
          >
            {webhooks.data.map((webhook) => (
              <WebhookItem
                key={webhook.id}
                resourceId={resourceId}
                webhook={webhook}
                isExpanded={expanded.has(webhook.id)}
                onEdit={(chosen) => setForm({ isOpen: true, webhook: chosen })}
                onSecret={setSecret}
              />
            ))}
          </Accordion>
        )}
      </Card.Content>
      <WebhookFormModal
        resourceId={resourceId}
        isOpen={form.isOpen}
        webhook={form.webhook}
        onOpenChange={(isOpen) => setForm((current) => ({ ...current, isOpen }))}
        onCreated={setSecret}
      />
      <WebhookSecretDialog webhook={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}
