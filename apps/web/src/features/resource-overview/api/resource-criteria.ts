import type { OverviewFilters } from '../hooks/overview-filter-storage.ts';

/** What every group card of the overview is filtered by: the applied search and the switches. */
export type ResourceCriteria = OverviewFilters & { search: string };
