import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { UserList } from '../features/users/components/user-list.tsx';

export default function UsersPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('users.list.title')} subtitle={t('users.list.subtitle')} />
      <UserList />
    </>
  );
}
