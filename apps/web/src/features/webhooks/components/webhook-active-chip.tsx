import { Chip } from '@heroui/react';
import { useTranslation } from 'react-i18next';

/** Whether a webhook sends anything (spec 02 §4). */
export function WebhookActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <Chip color="success" size="sm" variant="soft">
      {t('webhooks.status.active')}
    </Chip>
  ) : (
    <Chip color="default" size="sm" variant="soft">
      {t('webhooks.status.inactive')}
    </Chip>
  );
}
