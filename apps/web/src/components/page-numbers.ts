export type PageSlot = number | 'ellipsis-start' | 'ellipsis-end';

/** The page buttons to show: first, last, and a window around the current page, with gaps elided. */
export function pageNumbers(page: number, totalPages: number, siblings = 1): PageSlot[] {
  if (totalPages <= 5 + 2 * siblings) return Array.from({ length: totalPages }, (_, index) => index + 1);
  const start = Math.max(2, page - siblings);
  const end = Math.min(totalPages - 1, page + siblings);
  const slots: PageSlot[] = [1];
  if (start > 2) slots.push('ellipsis-start');
  for (let current = start; current <= end; current += 1) slots.push(current);
  if (end < totalPages - 1) slots.push('ellipsis-end');
  slots.push(totalPages);
  return slots;
}
