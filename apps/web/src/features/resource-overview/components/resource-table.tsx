import { Table } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceStatusChip } from './resource-status-chip.tsx';
import { ResourceThumbnail } from './resource-thumbnail.tsx';

type ResourceTableProps = {
  label: string;
  resources: Resource[];
  /** Ids of the resources in use; undefined until known. */
  inUse: ReadonlySet<number> | undefined;
};

/** A row's item holds everything the row shows: the table caches rows by item (README). */
type ResourceRow = { id: number; resource: Resource; isInUse: boolean | undefined };

/** Image, name and status per resource; each row opens the resource, by mouse or keyboard. */
export function ResourceTable({ label, resources, inUse }: ResourceTableProps) {
  const { t } = useTranslation();
  const rows = useMemo(
    (): ResourceRow[] =>
      resources.map((resource) => ({ id: resource.id, resource, isInUse: inUse?.has(resource.id) })),
    [resources, inUse],
  );
  return (
    <Table>
      <Table.ScrollContainer>
        <Table.Content aria-label={label}>
          <Table.Header>
            <Table.Column className="w-16">{t('resourceOverview.table.image')}</Table.Column>
            <Table.Column isRowHeader>{t('resourceOverview.table.name')}</Table.Column>
            <Table.Column className="w-32">{t('resourceOverview.table.status')}</Table.Column>
          </Table.Header>
          <Table.Body items={rows}>
            {({ resource, isInUse }) => (
              <Table.Row id={resource.id} href={`/resources/${resource.id}`} className="cursor-pointer">
                <Table.Cell>
                  <ResourceThumbnail resource={resource} />
                </Table.Cell>
                <Table.Cell className="font-medium">{resource.name}</Table.Cell>
                <Table.Cell>
                  <ResourceStatusChip isInUse={isInUse} />
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Content>
      </Table.ScrollContainer>
    </Table>
  );
}
