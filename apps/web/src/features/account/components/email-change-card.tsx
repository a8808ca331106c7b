import { Card } from '@heroui/react';
import type { MailDelivery, User } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { NewEmailForm } from '../../../components/new-email-form.tsx';
import { OutcomeAlert } from '../../../components/outcome-alert.tsx';
import { useRequestEmailChange } from '../api/use-request-email-change.ts';
import { requestEmailChangeErrorMessage } from '../hooks/account-error-messages.ts';

type EmailChangeCardProps = {
  user: User;
  /** Where the server's mails go; undefined until known, worded as mailed meanwhile. */
  mailDelivery: MailDelivery | undefined;
};

/**
 * The own address and a form to change it; the change needs the confirmation link (spec 01 §2,
 * §4). Without a mail server that link is printed in the server's output, and the card says so,
 * as registration does (decision 19).
 */
export function EmailChangeCard({ user, mailDelivery }: EmailChangeCardProps) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const isMailed = mailDelivery !== 'server-output';

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
            title={
              isMailed
                ? t('account.settings.requestedTitle')
                : t('account.settings.requestedWithoutMailTitle')
            }
            message={
              isMailed
                ? t('account.settings.requestedMessage', { email: request.variables })
                : t('account.settings.requestedWithoutMailMessage', { email: request.variables })
            }
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
        <p className="text-sm text-muted">
          {isMailed ? t('account.settings.note') : t('account.settings.noteWithoutMail')}
        </p>
      </Card.Content>
    </Card>
  );
}
