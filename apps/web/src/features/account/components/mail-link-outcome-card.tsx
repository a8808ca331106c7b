import { Button, Card } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button.tsx';
import { LoadingView } from '../../../components/loading-view.tsx';
import { OutcomeAlert } from '../../../components/outcome-alert.tsx';

export type MailLinkOutcome =
  | { state: 'pending'; label: string }
  | { state: 'done'; title: string; message: string }
  | { state: 'failed'; title: string; message: string; onRetry?: (() => void) | undefined };

/**
 * What a link from a mail came to (verify, confirm or undo an email change): a spinner while it
 * runs, the result with the way to sign in, or the failure with a retry where one can help.
 */
export function MailLinkOutcomeCard({ outcome }: { outcome: MailLinkOutcome }) {
  const { t } = useTranslation();
  if (outcome.state === 'pending') {
    return (
      <Card>
        <LoadingView label={outcome.label} />
      </Card>
    );
  }
  if (outcome.state === 'done') {
    return (
      <Card>
        <Card.Header>
          <Card.Title className="text-xl">{outcome.title}</Card.Title>
          <Card.Description>{outcome.message}</Card.Description>
        </Card.Header>
        <Card.Footer>
          <LinkButton to="/">{t('common.goToLogin')}</LinkButton>
        </Card.Footer>
      </Card>
    );
  }
  return (
    <Card>
      <Card.Header>
        <Card.Title className="text-xl">{outcome.title}</Card.Title>
      </Card.Header>
      <Card.Content>
        <OutcomeAlert status="danger" message={outcome.message} />
      </Card.Content>
      <Card.Footer className="flex flex-wrap gap-2">
        {outcome.onRetry && <Button onPress={outcome.onRetry}>{t('common.tryAgain')}</Button>}
        <LinkButton to="/" variant="secondary">
          {t('common.backToLogin')}
        </LinkButton>
      </Card.Footer>
    </Card>
  );
}
