import { Card } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { PagePagination } from '../../../components/page-pagination.tsx';
import type { ResourceCardSource } from '../api/use-grouped-resource-lists.ts';
import type { ResourcesInUse } from '../api/use-resources-in-use.ts';
import { GroupCardTitle } from './group-card-title.tsx';
import { ResourceTable } from './resource-table.tsx';

type GroupResourcesCardProps = {
  card: ResourceCardSource;
  /** The resources in use and since when; undefined until known. */
  inUse: ResourcesInUse | undefined;
  /** Each resource is marked as needing an introduction. */
  needsIntroduction: boolean;
};

/**
 * One group's resources (or the ungrouped ones) as a paged table (spec 01 §2). Shown once its
 * list is there: loading and failing are the overview's to show, once for all cards.
 */
export function GroupResourcesCard({ card, inUse, needsIntroduction }: GroupResourcesCardProps) {
  const { t } = useTranslation();
  const { group, list } = card;
  const name = group ? group.name : t('resourceOverview.ungrouped.title');
  const description = group ? group.description : t('resourceOverview.ungrouped.description');
  return (
    <Card aria-busy={list.isFetching}>
      <Card.Header>
        <Card.Title className="text-lg [overflow-wrap:anywhere]">
          {group ? <GroupCardTitle group={group} /> : name}
        </Card.Title>
        {description && (
          <Card.Description className="[overflow-wrap:anywhere]">{description}</Card.Description>
        )}
      </Card.Header>
      {list.data && (
        <Card.Content className="flex flex-col gap-4">
          <ResourceTable
            label={t('resourceOverview.table.label', { group: name })}
            resources={list.data.data}
            inUse={inUse}
            needsIntroduction={needsIntroduction}
          />
          <PagePagination page={card.page} totalPages={list.data.totalPages} onChange={card.setPage} />
        </Card.Content>
      )}
    </Card>
  );
}
