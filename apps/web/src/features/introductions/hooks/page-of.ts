/** One page of a list held in full on the client, and how many pages it has (at least one). */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number) {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  // The list may shrink under the reader (a revoked last row): show the last page that exists.
  const current = Math.min(Math.max(1, page), totalPages);
  return {
    page: current,
    totalPages,
    items: items.slice((current - 1) * pageSize, current * pageSize),
  };
}

/** By username, case-insensitively, as the tables list people (spec 02 §2). */
export function byUsername<T>(usernameOf: (item: T) => string) {
  return (a: T, b: T) => usernameOf(a).localeCompare(usernameOf(b), undefined, { sensitivity: 'base' });
}
