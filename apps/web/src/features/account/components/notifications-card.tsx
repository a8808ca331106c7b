import { Card } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { OutcomeAlert } from '../../../components/outcome-alert.tsx';
import { SwitchField } from '../../../components/switch-field.tsx';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useNotificationPreferences } from '../api/use-notification-preferences.ts';

/** The mails a member may ask for: today the warning before an automatic end (decision 21). */
export function NotificationsCard() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  const error = preferences.saveError;
  return (
    <Card className="max-w-xl">
      <Card.Header>
        <Card.Title>{t('account.settings.notificationsTitle')}</Card.Title>
        <Card.Description>{t('account.settings.notificationsDescription')}</Card.Description>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4">
        {preferences.loadFailed && (
          <OutcomeAlert
            status="danger"
            title={t('account.settings.notificationsLoadFailed')}
            message={t('account.settings.notificationsTryAgain')}
          />
        )}
        {error && (
          <OutcomeAlert
            status="danger"
            title={t('account.settings.notificationsSaveFailed')}
            message={
              error instanceof ApiError
                ? translateServerMessage(t, error.message)
                : t('account.settings.notificationsTryAgain')
            }
          />
        )}
        {!preferences.isLoading && !preferences.loadFailed && (
          <SwitchField
            name="notifyBeforeAutomaticEnd"
            isSelected={preferences.notifyBeforeAutomaticEnd}
            onChange={preferences.setNotifyBeforeAutomaticEnd}
          >
            {t('account.settings.notifyBeforeAutomaticEnd')}
          </SwitchField>
        )}
        <p className="text-sm text-muted">{t('account.settings.notifyBeforeAutomaticEndNote')}</p>
      </Card.Content>
    </Card>
  );
}
