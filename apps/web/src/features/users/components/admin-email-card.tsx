import { Card } from '@heroui/react';
import type { User } from '@toolpass/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NewEmailForm } from '../../../components/new-email-form.tsx';
import { OutcomeAlert } from '../../../components/outcome-alert.tsx';
import { useAdminChangeEmail } from '../api/use-admin-change-email.ts';
import { adminEmailErrorMessage } from '../hooks/admin-email-error-message.ts';

/** How long the success alert stays (spec 01 §4, §9). */
export const EMAIL_CHANGED_ALERT_MS = 3000;

/** An administrator changes another user's address (spec 01 §2, §8). */
export function AdminEmailCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const change = useAdminChangeEmail(user.id);
  const { isSuccess, reset } = change;

  useEffect(() => {
    if (!isSuccess) return;
    const timer = window.setTimeout(reset, EMAIL_CHANGED_ALERT_MS);
    return () => window.clearTimeout(timer);
  }, [isSuccess, reset]);

  return (
    <Card>
      <Card.Header>
        <Card.Title>{t('users.email.title')}</Card.Title>
        <Card.Description>
          {t('users.email.current')} <span className="font-medium text-foreground">{user.email ?? '-'}</span>
        </Card.Description>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4">
        {change.isSuccess && <OutcomeAlert status="success" message={t('users.email.changed')} />}
        {change.isError && <OutcomeAlert status="danger" message={adminEmailErrorMessage(t, change.error)} />}
        <NewEmailForm
          label={t('users.email.newEmail')}
          submitLabel={t('users.email.submit')}
          isPending={change.isPending}
          onSubmit={(email, clear) => change.mutate(email, { onSuccess: clear })}
        />
      </Card.Content>
    </Card>
  );
}
