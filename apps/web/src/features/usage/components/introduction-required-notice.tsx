import { Alert, Skeleton } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useAvailableIntroducers } from '../api/use-available-introducers.ts';

/** The viewer needs an introduction first: who can give one (spec 01 §2 "Usage session card"). */
export function IntroductionRequiredNotice({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const introducers = useAvailableIntroducers(resource);
  const hasNone = !introducers.isPending && !introducers.isError && introducers.introducers.length === 0;
  return (
    <div className="flex flex-col gap-3">
      <Alert status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('usage.introduction.title')}</Alert.Title>
          <Alert.Description>
            {hasNone ? t('usage.introduction.noIntroducers') : t('usage.introduction.askIntroducer')}
          </Alert.Description>
        </Alert.Content>
      </Alert>
      {introducers.isPending && <Skeleton className="h-8 w-48 rounded-lg" />}
      {introducers.isError && (
        <LoadError title={t('usage.introduction.loadFailed')} onRetry={() => void introducers.refetch()} />
      )}
      {introducers.introducers.length > 0 && (
        <ul aria-label={t('usage.introduction.listLabel')} className="flex flex-wrap gap-3">
          {introducers.introducers.map((introducer) => (
            <li key={introducer.userId} className="inline-flex items-center gap-2">
              <UserAvatar userId={introducer.userId} username={introducer.username} />
              <span>{introducer.username}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
