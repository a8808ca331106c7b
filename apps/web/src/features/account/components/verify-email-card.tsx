import { Button, Card } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button.tsx';
import { LoadingView } from '../../../components/loading-view.tsx';
import { useVerifyEmail } from '../api/use-verify-email.ts';
import { verifyEmailErrorMessage } from '../hooks/account-error-messages.ts';
import { useRunOnce } from '../hooks/use-run-once.ts';

type VerifyEmailCardProps = { token: string | null; email: string | null };

/** Confirms the address as soon as the page opens (spec 01 §2 Verify email page). */
export function VerifyEmailCard({ token, email }: VerifyEmailCardProps) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const hasLink = Boolean(token && email);
  const submit = () => {
    if (token && email) verify.mutate({ token, email });
  };
  useRunOnce(submit, hasLink);

  if (verify.isSuccess) {
    return (
      <Card>
        <Card.Header>
          <Card.Title className="text-xl">{t('account.verifyEmail.successTitle')}</Card.Title>
          <Card.Description>{t('account.verifyEmail.successMessage')}</Card.Description>
        </Card.Header>
        <Card.Footer>
          <LinkButton to="/">{t('common.goToLogin')}</LinkButton>
        </Card.Footer>
      </Card>
    );
  }
  if (hasLink && !verify.isError) {
    return (
      <Card>
        <LoadingView label={t('account.verifyEmail.pending')} />
      </Card>
    );
  }
  const message = hasLink ? verifyEmailErrorMessage(t, verify.error) : t('account.verifyEmail.invalidLink');
  return (
    <Card>
      <Card.Header>
        <Card.Title className="text-xl">{t('account.verifyEmail.failedTitle')}</Card.Title>
        <Card.Description role="alert">{message}</Card.Description>
      </Card.Header>
      <Card.Footer className="flex flex-wrap gap-2">
        {hasLink && <Button onPress={submit}>{t('common.tryAgain')}</Button>}
        <LinkButton to="/" variant="secondary">
          {t('common.backToLogin')}
        </LinkButton>
      </Card.Footer>
    </Card>
  );
}
