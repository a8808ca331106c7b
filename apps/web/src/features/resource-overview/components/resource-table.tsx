import { Table } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ResourceStatusChip } from './resource-status-chip.tsx';
import { ResourceThumbnail } from './resource-thumbnail.tsx';

type ResourceTableProps = {
  label: string;
  resources: Resource[];
  isInUse: (resourceId: number) => boolean | undefined;
};

/** Image, name and status per resource; each row opens the resource, by mouse or keyboard. */
export function ResourceTable({ label, resources, isInUse }: ResourceTableProps) {
  const { t } = useTranslation();
  return (
    <Table>
      <Table.ScrollContainer>
        <Table.Content aria-label={label}>
          <Table.Header>
            <Table.Column className="w-16">{t('resourceOverview.table.image')}</Table.Column>
            <Table.Column isRowHeader>{t('resourceOverview.table.name')}</Table.Column>
            <Table.Column className="w-32">{t('resourceOverview.table.status')}</Table.Column>
          </Table.Header>
          <Table.Body items={resources}>
            {(resource) => (
              <Table.Row id={resource.id} href={`/resources/${resource.id}`} className="cursor-pointer">
                <Table.Cell>
                  <ResourceThumbnail resource={resource} />
                </Table.Cell>
                <Table.Cell className="font-medium">{resource.name}</Table.Cell>
                <Table.Cell>
                  <ResourceStatusChip isInUse={isInUse(resource.id)} />
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Content>
      </Table.ScrollContainer>
    </Table>
  );
}
