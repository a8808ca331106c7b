import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** Overview search debounce (spec 01 §9). */
export const OVERVIEW_SEARCH_DEBOUNCE_MS = 250;

/** The search box text, and the trimmed text the lists use once typing paused (empty = no search). */
export function useOverviewSearch() {
  const [search, setSearch] = useState('');
  const appliedSearch = useDebouncedValue(search.trim(), OVERVIEW_SEARCH_DEBOUNCE_MS);
  return { search, setSearch, appliedSearch };
}
