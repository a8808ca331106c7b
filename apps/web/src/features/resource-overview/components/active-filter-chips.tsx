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
        const hidden =
          name === 'onlyWithPermissions' && hiddenCount
            ? t('resourceOverview.filters.hiddenCount', { count: hiddenCount })
            : undefined;
        const label = hidden ? `${filterName} ${hidden}` : filterName;
        return (
          <li key={name}>
            {/*
             * A phone is narrower than the chip in one line (German even without the count), so
             * its words wrap inside it rather than pushing the page sideways; the name and the
             * count each stay whole where they fit, so the line breaks between them first.
             */}
            <Button
              size="sm"
              variant="secondary"
              className="h-auto min-h-9 max-w-full whitespace-normal rounded-2xl py-1.5 text-start md:min-h-8"
              aria-label={t('resourceOverview.filters.remove', { filter: label })}
              onPress={() => onRemove(name)}
            >
              <span>
                <span className="inline-block">{filterName}</span>
                {hidden && (
                  <>
                    {' '}
                    <span className="inline-block">{hidden}</span>
                  </>
                )}
              </span>
              <CloseIcon />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
