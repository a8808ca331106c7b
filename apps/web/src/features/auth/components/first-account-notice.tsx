import { Alert } from '@heroui/react';
import { useTranslation } from 'react-i18next';

/** On an empty installation: the account registered first becomes the administrator. */
export function FirstAccountNotice() {
  const { t } = useTranslation();
  return (
    <Alert status="accent" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('auth.firstAccount.title')}</Alert.Title>
        <Alert.Description>{t('auth.firstAccount.message')}</Alert.Description>
      </Alert.Content>
    </Alert>
  );
}
