import { Button } from '@heroui/react';
import type { Webhook } from '@toolpass/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { WebhookTestButton } from './webhook-test-button.tsx';

/** The test in the form's footer: of what is saved, or, before the first save, why there is none. */
export function WebhookFormTest({
  resourceId,
  webhook,
}: {
  resourceId: number;
  webhook: Webhook | undefined;
}) {
  return webhook ? <SavedTestButton resourceId={resourceId} webhook={webhook} /> : <UnsavedTestButton />;
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
