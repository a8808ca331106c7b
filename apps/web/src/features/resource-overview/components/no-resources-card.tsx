import { Button, Card } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { WrenchIcon } from '../../../components/icons.tsx';

/**
 * Shown instead of the cards when no group has a matching resource (spec 01 §2). When the
 * switches alone hide the matches, it says so and offers to clear them.
 */
export function NoResourcesCard({ onClearFilters }: { onClearFilters?: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <Card className="items-center gap-2 p-10 text-center">
      <WrenchIcon className="size-8 text-muted" />
      {onClearFilters ? (
        <>
          <Card.Title>{t('resourceOverview.noResults.filteredTitle')}</Card.Title>
          <Card.Description>{t('resourceOverview.noResults.filteredMessage')}</Card.Description>
          <Button variant="secondary" className="mt-2" onPress={onClearFilters}>
            {t('resourceOverview.noResults.clearFilters')}
          </Button>
        </>
      ) : (
        <>
          <Card.Title>{t('resourceOverview.noResults.title')}</Card.Title>
          <Card.Description>{t('resourceOverview.noResults.message')}</Card.Description>
        </>
      )}
    </Card>
  );
}
