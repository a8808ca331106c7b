import { Chip, Table } from '@heroui/react';
import type { Reader } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState, QueryFallback } from '../../../components/query-fallback.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteReader } from '../api/use-reader-mutations.ts';
import { useReaderList, useResourceChoices } from '../api/use-readers.ts';
import { readerErrorDetail } from '../hooks/reader-error-messages.ts';

/** Every paired reader, refreshed every 5 s, with edit and delete (spec 02 §2, §4). */
export function ReaderList({ onEdit }: { onEdit: (reader: Reader) => void }) {
  const { t } = useTranslation();
  const readers = useReaderList();
  const resources = useResourceChoices();
  const remove = useDeleteReader();
  // The reader stays set while the dialog fades out, so its title keeps the name.
  const [deleting, setDeleting] = useState<{ reader: Reader; isOpen: boolean } | null>(null);
  const closeDialog = () => setDeleting((current) => current && { ...current, isOpen: false });

  // A refresh that fails keeps the rows it has; only a list never loaded is replaced.
  if (readers.data === undefined) {
    return (
      <QueryFallback
        query={readers}
        skeletonClassName="h-48 w-full rounded-2xl"
        errorTitle={t('readers.loadFailed')}
        errorMessage={(error) => readerErrorDetail(t, error)}
      />
    );
  }
  if (readers.data.length === 0) {
    return <EmptyState title={t('readers.emptyTitle')} message={t('readers.emptyMessage')} />;
  }
  const names = new Map(resources.data?.map((resource) => [resource.id, resource.name]));
  return (
    <>
      <ReadersTable
        readers={readers.data}
        resourceNames={names}
        onEdit={onEdit}
        onDelete={(reader) => setDeleting({ reader, isOpen: true })}
      />
      <ConfirmDialog
        isOpen={deleting?.isOpen ?? false}
        onOpenChange={(isOpen) => {
          if (!isOpen) closeDialog();
        }}
        title={t('readers.deleteTitle', { name: deleting?.reader.name ?? '' })}
        paragraphs={[t('readers.deleteMessage')]}
        cancelLabel={t('readers.cancel')}
        confirmLabel={t('readers.delete')}
        isPending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.reader.id, {
            onSuccess: () => {
              notifySuccess(t('readers.deleted'));
              closeDialog();
            },
            onError: (error) => notifyError(t('readers.deleteFailed'), readerErrorDetail(t, error)),
          });
        }}
      />
    </>
  );
}

function resourceList(t: TFunction, reader: Reader, names: Map<number, string>): string {
  if (reader.hasAccessToResourceIds.length === 0) return t('readers.noResources');
  return reader.hasAccessToResourceIds
    .map((id) => names.get(id) ?? t('readers.unknownResource', { id }))
    .join(', ');
}

type ReadersTableProps = {
  readers: Reader[];
  resourceNames: Map<number, string>;
  onEdit: (reader: Reader) => void;
  onDelete: (reader: Reader) => void;
};

function ReadersTable({ readers, resourceNames, onEdit, onDelete }: ReadersTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <ScrollTable aria-label={t('readers.tableLabel')}>
      <Table.Header>
        <Table.Column isRowHeader>{t('readers.name')}</Table.Column>
        <Table.Column>{t('readers.status')}</Table.Column>
        <Table.Column>{t('readers.lastConnection')}</Table.Column>
        <Table.Column>{t('readers.resources')}</Table.Column>
        <Table.Column>{t('readers.actions')}</Table.Column>
      </Table.Header>
      <Table.Body items={readers} dependencies={[i18n.language, resourceNames, onEdit, onDelete]}>
        {(reader) => (
          <Table.Row id={reader.id}>
            <Table.Cell>
              <span className="font-medium [overflow-wrap:anywhere]">{reader.name}</span>
            </Table.Cell>
            <Table.Cell>
              <Chip size="sm" variant="soft" color={reader.connected ? 'success' : 'default'}>
                {reader.connected ? t('readers.connected') : t('readers.disconnected')}
              </Chip>
            </Table.Cell>
            <Table.Cell>
              {reader.lastConnection ? formatDateTime(reader.lastConnection) : t('readers.never')}
            </Table.Cell>
            <Table.Cell>
              <span className="[overflow-wrap:anywhere]">{resourceList(t, reader, resourceNames)}</span>
            </Table.Cell>
            <Table.Cell>
              <RowActions
                editText={t('readers.edit')}
                editLabel={t('readers.editLabel', { name: reader.name })}
                onEdit={() => onEdit(reader)}
                deleteText={t('readers.delete')}
                deleteLabel={t('readers.deleteLabel', { name: reader.name })}
                onDelete={() => onDelete(reader)}
              />
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </ScrollTable>
  );
}
