import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** User search debounce (spec 01 §2, §9). */
export const USER_SEARCH_DEBOUNCE_MS = 500;

/** Search text and page of the user table; a new search starts again at page 1. */
export function useUserListFilters() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const [appliedSearch, setAppliedSearch] = useState(debouncedSearch);
  if (appliedSearch !== debouncedSearch) {
    setAppliedSearch(debouncedSearch);
    setPage(1);
  }
  return { search, setSearch: setSearchText, debouncedSearch, page, setPage };
}
