import { useState } from 'react';
import { pageOf } from './page-of.ts';

/** Paging over a list the server sends whole (introducers, introductions, a history). */
export function useClientPage<T>(items: readonly T[], pageSize: number) {
  const [page, setPage] = useState(1);
  return { ...pageOf(items, page, pageSize), setPage };
}
