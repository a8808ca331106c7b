import { Button } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { EnrollCardModal } from '../features/readers/components/enroll-card-modal.tsx';
import { NfcCardList } from '../features/readers/components/nfc-card-list.tsx';
import { useSignedInUser } from '../sign-in/sign-in-context.tsx';

/** /nfc-cards, for every signed-in user (spec 02 §2). */
export default function NfcCardsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  // Each opening counts up, so every opening starts with no reader chosen.
  const [enrolling, setEnrolling] = useState({ isOpen: false, opening: 0 });

  return (
    <>
      <PageHeader
        title={t('nfcCards.title')}
        subtitle={t('nfcCards.subtitle')}
        actions={
          <Button onPress={() => setEnrolling((current) => ({ isOpen: true, opening: current.opening + 1 }))}>
            {t('nfcCards.enroll')}
          </Button>
        }
      />
      <NfcCardList showOwner={user.systemPermissions.canManageSystemConfiguration} />
      <EnrollCardModal
        key={enrolling.opening}
        isOpen={enrolling.isOpen}
        onClose={() => setEnrolling((current) => ({ ...current, isOpen: false }))}
      />
    </>
  );
}
