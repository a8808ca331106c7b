import { Button, IconPlus } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { QrCodeIcon } from '../../../components/icons.tsx';
import type { OverviewFilterName, OverviewFilters } from '../hooks/overview-filter-storage.ts';
import { OverviewFilterDrawer } from './overview-filter-drawer.tsx';
import { ResourceSearchField } from './resource-search-field.tsx';

type OverviewToolbarProps = {
  search: string;
  onSearchChange: (search: string) => void;
  filters: OverviewFilters;
  onFilterChange: (name: OverviewFilterName, value: boolean) => void;
  onScan: () => void;
  /** Given to managers only (spec 01 §2). */
  managerActions?: { onAddResource: () => void; onAddGroup: () => void } | undefined;
};

/** Search, filter and QR scan for everyone; adding resources and groups for managers. */
export function OverviewToolbar(props: OverviewToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      <ResourceSearchField value={props.search} onChange={props.onSearchChange} />
      <OverviewFilterDrawer filters={props.filters} onChange={props.onFilterChange} />
      <Button variant="secondary" onPress={props.onScan}>
        <QrCodeIcon />
        {t('resourceOverview.scanQrCode')}
      </Button>
      {props.managerActions && (
        <div className="flex flex-wrap gap-3 sm:ml-auto">
          <Button onPress={props.managerActions.onAddResource}>
            <IconPlus />
            {t('resourceOverview.addResource')}
          </Button>
          <Button variant="secondary" onPress={props.managerActions.onAddGroup}>
            <IconPlus />
            {t('resourceOverview.addGroup')}
          </Button>
        </div>
      )}
    </div>
  );
}
