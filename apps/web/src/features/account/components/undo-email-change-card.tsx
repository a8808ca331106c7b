import { Button, Card } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button.tsx';
import { OutcomeAlert } from '../../../components/outcome-alert.tsx';
import { useUndoEmailChange } from '../api/use-undo-email-change.ts';
import { undoEmailChangeErrorMessage } from '../hooks/account-error-messages.ts';
import { type MailLinkOutcome, MailLinkOutcomeCard } from './mail-link-outcome-card.tsx';

type UndoEmailChangeCardProps = { token: string | null; email: string | null };

/**
 * Gives the account its old address back from the link of the change notice. It signs the
 * account out everywhere, so it waits for a press instead of running when the page opens.
 */
export function UndoEmailChangeCard({ token, email }: UndoEmailChangeCardProps) {
  const { t } = useTranslation();
  const undo = useUndoEmailChange();
  const submit = () => {
    if (token && email) undo.mutate({ token, email });
  };

  if (undo.isSuccess || !token || !email) {
    const outcome: MailLinkOutcome = undo.isSuccess
      ? {
          state: 'done',
          title: t('account.undoEmailChange.successTitle'),
          message: t('account.undoEmailChange.successMessage', { email }),
        }
      : {
          state: 'failed',
          title: t('account.undoEmailChange.title'),
          message: t('account.undoEmailChange.invalidLink'),
        };
    return <MailLinkOutcomeCard outcome={outcome} />;
  }
  return (
    <Card>
      <Card.Header>
        <Card.Title className="text-xl">{t('account.undoEmailChange.title')}</Card.Title>
        <Card.Description>{t('account.undoEmailChange.description', { email })}</Card.Description>
      </Card.Header>
      {undo.isError && (
        <Card.Content>
          <OutcomeAlert status="danger" message={undoEmailChangeErrorMessage(t, undo.error)} />
        </Card.Content>
      )}
      <Card.Footer className="flex flex-wrap gap-2">
        <Button onPress={submit} isPending={undo.isPending} isDisabled={undo.isPending}>
          {t('account.undoEmailChange.submit')}
        </Button>
        <LinkButton to="/" variant="secondary">
          {t('common.backToLogin')}
        </LinkButton>
      </Card.Footer>
    </Card>
  );
}
