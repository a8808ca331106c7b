import { Chip, Table } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { OutOfOrderChip } from '../../../components/out-of-order-chip.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import type { ResourcesInUse } from '../api/use-resources-in-use.ts';
import { ResourceStatusChip } from './resource-status-chip.tsx';
import { ResourceThumbnail } from './resource-thumbnail.tsx';

type ResourceTableProps = {
  label: string;
  resources: Resource[];
  /** The resources in use and since when; undefined until known. */
  inUse: ResourcesInUse | undefined;
  /** Each row says, in words, that an introduction is needed before use. */
  needsIntroduction?: boolean;
};

/** A row's item holds everything the row shows: the table caches rows by item (README). */
type ResourceRow = {
  id: number;
  resource: Resource;
  /** The running session's start time, null when free, undefined until known. */
  inUseSince: string | null | undefined;
  needsIntroduction: boolean;
};

/*
 * Image and status take only the width they need and the name the rest, so a name without a
 * space (120 characters, a German compound) breaks anywhere instead of pushing the status out of
 * the card; phones get narrower gaps between the columns. Three lines at most: the whole name
 * stays the row's accessible name and its tooltip.
 */
const EDGE_COLUMN = 'w-px whitespace-nowrap px-2 sm:px-4';
const NAME_COLUMN = 'px-2 sm:px-4';

/** Image, name and status per resource; each row opens the resource, by mouse or keyboard. */
export function ResourceTable({ label, resources, inUse, needsIntroduction = false }: ResourceTableProps) {
  const { t } = useTranslation();
  const rows = useMemo(
    (): ResourceRow[] =>
      resources.map((resource) => ({
        id: resource.id,
        resource,
        inUseSince: inUse && (inUse.get(resource.id) ?? null),
        needsIntroduction,
      })),
    [resources, inUse, needsIntroduction],
  );
  return (
    <ScrollTable aria-label={label}>
      <Table.Header>
        <Table.Column className={EDGE_COLUMN}>{t('resourceOverview.table.image')}</Table.Column>
        <Table.Column isRowHeader className={NAME_COLUMN}>
          {t('resourceOverview.table.name')}
        </Table.Column>
        <Table.Column className={EDGE_COLUMN}>{t('resourceOverview.table.status')}</Table.Column>
      </Table.Header>
      <Table.Body items={rows}>
        {({ resource, inUseSince, needsIntroduction: needsOne }) => (
          <Table.Row id={resource.id} href={`/resources/${resource.id}`} className="cursor-pointer">
            <Table.Cell className={EDGE_COLUMN}>
              <ResourceThumbnail resource={resource} />
            </Table.Cell>
            <Table.Cell className={`${NAME_COLUMN} font-medium`}>
              <span title={resource.name} className="line-clamp-3 [overflow-wrap:anywhere]">
                {resource.name}
              </span>
            </Table.Cell>
            <Table.Cell className={EDGE_COLUMN}>
              <div className="flex flex-col items-start gap-1">
                <ResourceStatusChip inUseSince={inUseSince} />
                {resource.outOfOrder && <OutOfOrderChip outOfOrder={resource.outOfOrder} />}
                {needsOne && (
                  <Chip size="sm" variant="secondary">
                    {t('resourceOverview.status.needsIntroduction')}
                  </Chip>
                )}
              </div>
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </ScrollTable>
  );
}
