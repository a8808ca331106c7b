import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import type { ResourceCriteria } from '../api/resource-criteria.ts';
import { useGroupedResourceLists } from '../api/use-grouped-resource-lists.ts';
import { useHiddenByFilters } from '../api/use-hidden-by-filters.ts';
import { useResourcesInUse } from '../api/use-resources-in-use.ts';
import { GroupResourcesCard } from './group-resources-card.tsx';
import { NoResourcesCard } from './no-resources-card.tsx';
import { ResourcesLoading } from './resources-loading.tsx';

/** A card per group plus "Ungrouped"; cards without matches are hidden (spec 01 §2). */
export function GroupedResources({
  criteria,
  onClearFilters,
  needsIntroduction = false,
  onAddResource,
}: {
  criteria: ResourceCriteria;
  /** Given while overview switches are on; offered when they alone hide everything. */
  onClearFilters?: (() => void) | undefined;
  /** The viewer may use none of the resources yet: each is marked as needing an introduction. */
  needsIntroduction?: boolean;
  /** Given to managers: offered as the first step when there are no resources at all. */
  onAddResource?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { groups, cards, isNothingFound, isLoading, isRetrying, failedLists } =
    useGroupedResourceLists(criteria);
  const inUse = useResourcesInUse();
  const hiddenByFilters = useHiddenByFilters(criteria, isNothingFound);

  if (groups.isError) {
    return (
      <LoadError
        title={t('resourceOverview.loadGroupsFailed')}
        message={groups.error.message}
        onRetry={() => void groups.refetch()}
      />
    );
  }
  // Until the count without the switches is known, it is not yet clear what an empty page says.
  if (isLoading || (isNothingFound && hiddenByFilters === undefined)) {
    return <ResourcesLoading isRetrying={isRetrying} />;
  }
  if (isNothingFound) {
    const anyFilter = criteria.onlyInUseByMe || criteria.onlyWithPermissions;
    return (
      <NoResourcesCard
        onClearFilters={hiddenByFilters ? onClearFilters : undefined}
        isEmpty={!criteria.search && (!anyFilter || hiddenByFilters === false)}
        onAddResource={onAddResource}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {failedLists.error && (
        <LoadError
          title={t('resourceOverview.loadResourcesFailed')}
          message={failedLists.error.message}
          onRetry={failedLists.retry}
          isRetrying={failedLists.isRetrying}
        />
      )}
      {/* A card shows once its list is there, and not at all without matches (spec 01 §2). */}
      {cards
        .filter((card) => card.list.data !== undefined && card.list.data.total > 0)
        .map((card) => (
          <GroupResourcesCard
            key={card.groupId}
            card={card}
            inUse={inUse}
            needsIntroduction={needsIntroduction}
          />
        ))}
    </div>
  );
}
