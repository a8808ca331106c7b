import { Chip } from '@heroui/react';
import { useTranslation } from 'react-i18next';

export function EmailVerifiedChip({ isVerified }: { isVerified: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip size="sm" color={isVerified ? 'success' : 'warning'} variant="soft">
      {isVerified ? t('users.list.verified') : t('users.list.notVerified')}
    </Chip>
  );
}
