import { Card } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { WrenchIcon } from '../../../components/icons.tsx';

/** Shown instead of the cards when no group has a matching resource (spec 01 §2). */
export function NoResourcesCard() {
  const { t } = useTranslation();
  return (
    <Card className="items-center gap-2 p-10 text-center">
      <WrenchIcon className="size-8 text-muted" />
      <Card.Title>{t('resourceOverview.noResults.title')}</Card.Title>
      <Card.Description>{t('resourceOverview.noResults.message')}</Card.Description>
    </Card>
  );
}
