import { Button, Card, IconPlus } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { WrenchIcon } from '../../../components/icons.tsx';

type NoResourcesCardProps = {
  /** Given when the switches alone hide the matches: offered to clear them. */
  onClearFilters?: (() => void) | undefined;
  /** Nothing was searched or filtered: the installation has no resources yet. */
  isEmpty?: boolean;
  /** Given to managers: the first step on an empty installation. */
  onAddResource?: (() => void) | undefined;
};

/**
 * Shown instead of the cards when no group has a matching resource (spec 01 §2). It says why:
 * the switches hide the matches, the search found none, or there are no resources at all yet.
 */
export function NoResourcesCard({ onClearFilters, isEmpty, onAddResource }: NoResourcesCardProps) {
  const { t } = useTranslation();
  const [title, message] = onClearFilters
    ? [t('resourceOverview.noResults.filteredTitle'), t('resourceOverview.noResults.filteredMessage')]
    : isEmpty && onAddResource
      ? [t('resourceOverview.noResults.firstTitle'), t('resourceOverview.noResults.firstMessage')]
      : isEmpty
        ? [t('resourceOverview.noResults.emptyTitle'), t('resourceOverview.noResults.emptyMessage')]
        : [t('resourceOverview.noResults.title'), t('resourceOverview.noResults.message')];
  return (
    <Card className="items-center gap-2 p-10 text-center">
      <WrenchIcon className="size-8 text-muted" />
      <Card.Title>{title}</Card.Title>
      <Card.Description>{message}</Card.Description>
      {onClearFilters && (
        <Button variant="secondary" className="mt-2" onPress={onClearFilters}>
          {t('resourceOverview.noResults.clearFilters')}
        </Button>
      )}
      {!onClearFilters && isEmpty && onAddResource && (
        <Button className="mt-2" onPress={onAddResource}>
          <IconPlus />
          {t('resourceOverview.addResource')}
        </Button>
      )}
    </Card>
  );
}
