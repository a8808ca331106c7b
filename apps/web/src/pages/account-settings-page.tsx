import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { EmailChangeCard } from '../features/account/components/email-change-card.tsx';
import { NotificationsCard } from '../features/account/components/notifications-card.tsx';
import { useMailDelivery } from '../features/auth/api/use-mail-delivery.ts';
import { useSignedInUser } from '../sign-in/sign-in-context.tsx';

export default function AccountSettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const mailDelivery = useMailDelivery();
  return (
    <>
      <PageHeader title={t('account.settings.title')} subtitle={t('account.settings.subtitle')} />
      <div className="flex flex-col gap-6">
        <EmailChangeCard user={user} mailDelivery={mailDelivery} />
        <NotificationsCard />
      </div>
    </>
  );
}
