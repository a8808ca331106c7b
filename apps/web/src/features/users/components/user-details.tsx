import { Skeleton } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUser } from '../api/use-users.ts';
import { AdminEmailCard } from './admin-email-card.tsx';
import { PermissionsCard } from './permissions-card.tsx';

/** Header "username (ID: id)", the admin email card and the permissions card (spec 01 §2). */
export function UserDetails({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const user = useUser(userId);
  const back = { to: '/users', label: t('users.details.back') };

  if (user.isPending) {
    return (
      <>
        <PageHeader title={<Skeleton className="h-8 w-64 rounded-lg" />} back={back} />
        <Skeleton className="h-48 w-full rounded-2xl" />
      </>
    );
  }
  if (user.isError) {
    const isMissing = user.error instanceof ApiError && user.error.status === 404;
    return (
      <>
        <PageHeader title={t('users.details.unavailable')} back={back} />
        <LoadError
          title={isMissing ? t('users.details.notFound') : t('users.details.loadFailed')}
          message={isMissing ? undefined : user.error.message}
          onRetry={isMissing ? undefined : () => void user.refetch()}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={t('users.details.title', { username: user.data.username, id: user.data.id })}
        subtitle={t('users.details.externalId', { externalId: user.data.externalIdentifier ?? '-' })}
        back={back}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <AdminEmailCard user={user.data} />
        <PermissionsCard userId={user.data.id} />
      </div>
    </>
  );
}
