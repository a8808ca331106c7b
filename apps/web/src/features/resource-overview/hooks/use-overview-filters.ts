import { useCallback, useState } from 'react';
import {
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
  return { filters, setFilter };
}
