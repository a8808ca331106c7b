import { Alert } from '@heroui/react';
import { useTranslation } from 'react-i18next';

/** What a signed-in user sees on a route whose permission they lack (spec 01 §2). */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <Alert status="danger" role="alert" className="max-w-xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('accessDenied.title')}</Alert.Title>
        <Alert.Description>{t('accessDenied.message')}</Alert.Description>
      </Alert.Content>
    </Alert>
  );
}
