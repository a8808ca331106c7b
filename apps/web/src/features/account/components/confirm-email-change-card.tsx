import { Alert, Button, Card } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button.tsx';
import { LoadingView } from '../../../components/loading-view.tsx';
import { useConfirmEmailChange } from '../api/use-confirm-email-change.ts';
import { confirmEmailChangeErrorMessage } from '../hooks/account-error-messages.ts';
import { useRunOnce } from '../hooks/use-run-once.ts';

type ConfirmEmailChangeCardProps = { token: string | null; newEmail: string | null };

/** Completes an email change from the mailed link; submits once, only with both parameters (spec 01 §2, §5). */
export function ConfirmEmailChangeCard({ token, newEmail }: ConfirmEmailChangeCardProps) {
  const { t } = useTranslation();
  const confirm = useConfirmEmailChange();
  const hasLink = Boolean(token && newEmail);
  const submit = () => {
    if (token && newEmail) confirm.mutate({ token, newEmail });
  };
  useRunOnce(submit, hasLink);

  if (confirm.isSuccess) {
    return (
      <Card>
        <Card.Header>
          <Card.Title className="text-xl">{t('account.confirmEmailChange.successTitle')}</Card.Title>
          <Card.Description>
            {t('account.confirmEmailChange.successMessage', { email: newEmail })}
          </Card.Description>
        </Card.Header>
        <Card.Footer>
          <LinkButton to="/">{t('common.goToLogin')}</LinkButton>
        </Card.Footer>
      </Card>
    );
  }
  if (hasLink && !confirm.isError) {
    return (
      <Card>
        <LoadingView label={t('account.confirmEmailChange.pending')} />
      </Card>
    );
  }
  const message = hasLink
    ? confirmEmailChangeErrorMessage(t, confirm.error)
    : t('account.confirmEmailChange.invalidLink');
  return (
    <Card>
      <Card.Header>
        <Card.Title className="text-xl">{t('account.confirmEmailChange.failedTitle')}</Card.Title>
      </Card.Header>
      <Card.Content>
        <Alert status="danger" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{message}</Alert.Description>
          </Alert.Content>
        </Alert>
      </Card.Content>
      <Card.Footer className="flex flex-wrap gap-2">
        {hasLink && <Button onPress={submit}>{t('common.tryAgain')}</Button>}
        <LinkButton to="/" variant="secondary">
          {t('common.backToLogin')}
        </LinkButton>
      </Card.Footer>
    </Card>
  );
}
