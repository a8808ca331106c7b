import { Alert, Button } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { wordServerText } from '../lib/notify.ts';

type LoadErrorProps = {
  title: string;
  message?: string;
  onRetry?: () => void;
  /** The retry is under way: the button shows it is busy. */
  isRetrying?: boolean;
};

/** A failed load with an optional retry; a server message is shown in human words. */
export function LoadError({ title, message, onRetry, isRetrying = false }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert status="danger" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {message && <Alert.Description>{wordServerText(message)}</Alert.Description>}
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="danger-soft" isPending={isRetrying} onPress={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Alert>
  );
}
