import { Button } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/icons.tsx';
import {
  OVERVIEW_FILTER_NAMES,
  type OverviewFilterName,
  type OverviewFilters,
} from '../hooks/overview-filter-storage.ts';

/**
 * The switches that are on, each a chip that turns it off: a filter kept from an earlier visit
 * (or on by default) must not hide resources without a visible sign.
 */
export function ActiveFilterChips({
  filters,
  onRemove,
  hiddenCount,
}: {
  filters: OverviewFilters;
  onRemove: (name: OverviewFilterName) => void;
  /** How many resources the "introduced / authorized" switch hides, once known. */
  hiddenCount?: number | undefined;
}) {
  const { t } = useTranslation();
  const active = OVERVIEW_FILTER_NAMES.filter((name) => filters[name]);
  if (active.length === 0) return null;
  return (
    <ul aria-label={t('resourceOverview.filters.active')} className="-mt-3 mb-6 flex flex-wrap gap-2">
      {active.map((name) => {
        const filterName = t(`resourceOverview.filters.${name}`);
        const label =
          name === 'onlyWithPermissions' && hiddenCount
            ? t('resourceOverview.filters.withHiddenCount', { filter: filterName, count: hiddenCount })
            : filterName;
        return (
          <li key={name}>
            <Button
              size="sm"
              variant="secondary"
              className="rounded-full"
              aria-label={t('resourceOverview.filters.remove', { filter: label })}
              onPress={() => onRemove(name)}
            >
              {label}
              <CloseIcon />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
