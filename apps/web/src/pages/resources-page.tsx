import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { QrScannerModal } from '../features/qr-scanner/components/qr-scanner-modal.tsx';
import { ResourceGroupCreateModal } from '../features/resource-groups/components/resource-group-create-modal.tsx';
import { usePermissionFilter } from '../features/resource-overview/api/use-permission-filter.ts';
import { ActiveFilterChips } from '../features/resource-overview/components/active-filter-chips.tsx';
import { GroupedResources } from '../features/resource-overview/components/grouped-resources.tsx';
import { OverviewToolbar } from '../features/resource-overview/components/overview-toolbar.tsx';
import { ResourcesLoading } from '../features/resource-overview/components/resources-loading.tsx';
import { useOverviewFilters } from '../features/resource-overview/hooks/use-overview-filters.ts';
import { useOverviewSearch } from '../features/resource-overview/hooks/use-overview-search.ts';
import { ResourceFormModal } from '../features/resources/components/resource-form-modal.tsx';
import { useResourceLiveUpdates } from '../features/resources/live/use-resource-live-updates.ts';
import { useSignedInUser } from '../sign-in/sign-in-context.tsx';

type OpenDialog = 'scanner' | 'resource' | 'group' | undefined;

/** The resource overview (spec 01 §2): search, filters, QR scan, and the resources by group. */
export default function ResourcesPage() {
  const { t } = useTranslation();
  useResourceLiveUpdates();
  const isManager = useSignedInUser().systemPermissions.canManageResources;
  const { search, setSearch, appliedSearch } = useOverviewSearch();
  const stored = useOverviewFilters();
  const { filters, needsIntroduction, hiddenCount, isPending, isRetrying } = usePermissionFilter(
    stored.filters,
    appliedSearch,
    isManager,
  );
  const { setFilter, clearFilters } = stored;
  const hasActiveFilters = filters.onlyInUseByMe || filters.onlyWithPermissions;
  const [openDialog, setOpenDialog] = useState<OpenDialog>();
  const dialogState = (dialog: OpenDialog) => ({
    isOpen: openDialog === dialog,
    onOpenChange: (isOpen: boolean) => setOpenDialog(isOpen ? dialog : undefined),
  });

  return (
    <>
      <PageHeader title={t('resources.title')} />
      <OverviewToolbar
        search={search}
        onSearchChange={setSearch}
        filters={filters}
        onFilterChange={setFilter}
        onScan={() => setOpenDialog('scanner')}
        managerActions={
          isManager
            ? { onAddResource: () => setOpenDialog('resource'), onAddGroup: () => setOpenDialog('group') }
            : undefined
        }
      />
      <ActiveFilterChips
        filters={filters}
        hiddenCount={hiddenCount}
        onRemove={(name) => setFilter(name, false)}
      />
      {isPending ? (
        <ResourcesLoading isRetrying={isRetrying} />
      ) : (
        <GroupedResources
          criteria={{ search: appliedSearch, ...filters }}
          onClearFilters={hasActiveFilters ? clearFilters : undefined}
          needsIntroduction={needsIntroduction}
          onAddResource={isManager ? () => setOpenDialog('resource') : undefined}
        />
      )}
      <QrScannerModal {...dialogState('scanner')} />
      {isManager && (
        <>
          <ResourceFormModal {...dialogState('resource')} />
          <ResourceGroupCreateModal {...dialogState('group')} />
        </>
      )}
    </>
  );
}
