import { useCallback, useState } from 'react';
import {
  OVERVIEW_FILTER_NAMES,
  type OverviewFilterName,
  type OverviewFilters,
  readOverviewFilters,
  storeOverviewFilter,
} from './overview-filter-storage.ts';

/** The overview switches, remembered in local storage across visits. */
export function useOverviewFilters() {
  const [filters, setFilters] = useState<OverviewFilters>(() => readOverviewFilters(window.localStorage));
  const setFilter = useCallback((name: OverviewFilterName, value: boolean) => {
    setFilters((current) => ({ ...current, [name]: value }));
    storeOverviewFilter(window.localStorage, name, value);
  }, []);
  const clearFilters = useCallback(() => {
    for (const name of OVERVIEW_FILTER_NAMES) setFilter(name, false);
  }, [setFilter]);
  const hasActiveFilters = OVERVIEW_FILTER_NAMES.some((name) => filters[name]);
  return { filters, setFilter, clearFilters, hasActiveFilters };
}
