import { Alert } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import type { CameraError } from '../camera-error.ts';

/** Why the scanner shows no picture, and what the person can do about it. */
export function CameraErrorAlert({ error }: { error: CameraError }) {
  const { t } = useTranslation();
  const messages: Record<CameraError, string> = {
    'insecure-context': t('qrScanner.errors.insecureContext'),
    unsupported: t('qrScanner.errors.unsupported'),
    timeout: t('qrScanner.errors.timeout'),
    denied: t('qrScanner.errors.denied'),
    'no-camera': t('qrScanner.errors.noCamera'),
    failed: t('qrScanner.errors.failed'),
  };
  return (
    <Alert status="danger" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('qrScanner.errors.title')}</Alert.Title>
        <Alert.Description>{messages[error]}</Alert.Description>
      </Alert.Content>
    </Alert>
  );
}
