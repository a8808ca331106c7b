import { Chip, Table } from '@heroui/react';
import type { SsoProviderSummary } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, QueryFallback } from '../../../components/query-fallback.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteSsoProvider } from '../api/use-sso-provider-mutations.ts';
import { useSsoProviderList } from '../api/use-sso-providers.ts';
import { ssoErrorDetail } from '../hooks/sso-error-messages.ts';
import { DeleteSsoProviderDialog } from './delete-sso-provider-dialog.tsx';

/** Every provider with edit and delete (spec 02 §2). */
export function SsoProviderList({ onEdit }: { onEdit: (providerId: number) => void }) {
  const { t } = useTranslation();
  const providers = useSsoProviderList();
  // The provider stays set while the dialog fades out, so its title keeps the name.
  const [deleting, setDeleting] = useState<{ provider: SsoProviderSummary; isOpen: boolean } | null>(null);
  const remove = useDeleteSsoProvider();
  const closeDialog = () => setDeleting((current) => current && { ...current, isOpen: false });

  if (!providers.isSuccess) {
    return (
      <QueryFallback
        query={providers}
        skeletonClassName="h-48 w-full rounded-2xl"
        errorTitle={t('ssoProviders.loadFailed')}
        errorMessage={(error) => ssoErrorDetail(t, error)}
      />
    );
  }
  if (providers.data.length === 0) {
    return <EmptyState title={t('ssoProviders.emptyTitle')} message={t('ssoProviders.emptyMessage')} />;
  }

  return (
    <>
      <SsoProvidersTable
        providers={providers.data}
        onEdit={onEdit}
        onDelete={(provider) => setDeleting({ provider, isOpen: true })}
      />
      <DeleteSsoProviderDialog
        isOpen={deleting?.isOpen ?? false}
        name={deleting?.provider.name ?? ''}
        isPending={remove.isPending}
        onClose={closeDialog}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.provider.id, {
            onSuccess: () => {
              notifySuccess(t('ssoProviders.deleted'));
              closeDialog();
            },
            onError: (error) => notifyError(t('ssoProviders.deleteFailed'), ssoErrorDetail(t, error)),
          });
        }}
      />
    </>
  );
}

type SsoProvidersTableProps = {
  providers: SsoProviderSummary[];
  onEdit: (providerId: number) => void;
  onDelete: (provider: SsoProviderSummary) => void;
};

function SsoProvidersTable({ providers, onEdit, onDelete }: SsoProvidersTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <ScrollTable aria-label={t('ssoProviders.tableLabel')}>
      <Table.Header>
        <Table.Column isRowHeader>{t('ssoProviders.name')}</Table.Column>
        <Table.Column>{t('ssoProviders.type')}</Table.Column>
        <Table.Column>{t('ssoProviders.actions')}</Table.Column>
      </Table.Header>
      <Table.Body
        items={providers}
        // Rows are cached by item: what they read besides it is listed here (README).
        dependencies={[i18n.language, onEdit, onDelete]}
      >
        {(provider) => (
          <Table.Row id={provider.id}>
            <Table.Cell>
              <span className="font-medium [overflow-wrap:anywhere]">{provider.name}</span>
            </Table.Cell>
            <Table.Cell>
              <Chip size="sm" variant="soft">
                {provider.type}
              </Chip>
            </Table.Cell>
            <Table.Cell>
              <RowActions
                editText={t('ssoProviders.edit')}
                editLabel={t('ssoProviders.editLabel', { name: provider.name })}
                onEdit={() => onEdit(provider.id)}
                deleteText={t('ssoProviders.delete')}
                deleteLabel={t('ssoProviders.deleteLabel', { name: provider.name })}
                onDelete={() => onDelete(provider)}
              />
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </ScrollTable>
  );
}
