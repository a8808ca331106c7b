import { Card } from '@heroui/react';
import type { User } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { NewEmailForm } from '../../../components/new-email-form.tsx';
import { OutcomeAlert } from '../../../components/outcome-alert.tsx';
import { useRequestEmailChange } from '../api/use-request-email-change.ts';
import { requestEmailChangeErrorMessage } from '../hooks/account-error-messages.ts';

/** The own address and a form to change it; the change needs the mailed confirmation (spec 01 §2, §4). */
export function EmailChangeCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();

  return (
    <Card className="max-w-xl">
      <Card.Header>
        <Card.Title>{t('account.settings.emailTitle')}</Card.Title>
        <Card.Description>
          {t('account.settings.currentEmail')}{' '}
          <span className="font-medium text-foreground">{user.email ?? '-'}</span>
        </Card.Description>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4">
        {request.isSuccess && (
          <OutcomeAlert
            status="success"
            title={t('account.settings.requestedTitle')}
            message={t('account.settings.requestedMessage', { email: request.variables })}
          />
        )}
        {request.isError && (
          <OutcomeAlert
            status="danger"
            title={t('account.settings.requestFailedTitle')}
            message={requestEmailChangeErrorMessage(t, request.error)}
          />
        )}
        <NewEmailForm
          label={t('account.settings.newEmail')}
          submitLabel={t('account.settings.submit')}
          autoComplete="email"
          isPending={request.isPending}
          onSubmit={(email, clear) => request.mutate(email, { onSuccess: clear })}
        />
        <p className="text-sm text-muted">{t('account.settings.note')}</p>
      </Card.Content>
    </Card>
  );
}
