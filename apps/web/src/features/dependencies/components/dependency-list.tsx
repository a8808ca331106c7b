import { Card, Skeleton } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { useDependencies } from '../api/use-dependencies.ts';
import { DependencyCard } from './dependency-card.tsx';

const SKELETON_CARDS = ['first', 'second', 'third'];

function DependencyCardSkeleton() {
  return (
    <Card aria-hidden="true">
      <Skeleton className="h-5 w-1/2 rounded" />
      <Skeleton className="h-4 w-1/3 rounded" />
      <Skeleton className="h-6 w-20 rounded-full" />
    </Card>
  );
}

/** Every open-source package in the app, with three placeholder cards while loading. */
export function DependencyList() {
  const { t } = useTranslation();
  const dependencies = useDependencies();
  const grid = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

  if (dependencies.isPending) {
    return (
      <div className={grid} role="status" aria-label={t('common.loading')}>
        {SKELETON_CARDS.map((card) => (
          <DependencyCardSkeleton key={card} />
        ))}
      </div>
    );
  }
  if (dependencies.isError) {
    return (
      <LoadError
        title={t('dependencies.loadFailed')}
        message={dependencies.error.message}
        onRetry={() => void dependencies.refetch()}
      />
    );
  }
  if (dependencies.data.length === 0) return <p className="text-muted">{t('dependencies.empty')}</p>;
  return (
    <ul className={grid} aria-label={t('dependencies.title')}>
      {dependencies.data.map((dependency) => (
        <li key={`${dependency.name}@${dependency.version}`} className="[&>*]:h-full">
          <DependencyCard dependency={dependency} />
        </li>
      ))}
    </ul>
  );
}
