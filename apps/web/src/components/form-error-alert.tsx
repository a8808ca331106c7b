import { Alert } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../i18n/server-message.ts';

/** A failed submit, shown above the form; a server message is shown in human words. */
export function FormErrorAlert({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation();
  return (
    <Alert status="danger" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{translateServerMessage(t, message)}</Alert.Description>
      </Alert.Content>
    </Alert>
  );
}
