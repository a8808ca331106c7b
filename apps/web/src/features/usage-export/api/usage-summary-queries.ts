import { queryOptions, useQuery } from '@tanstack/react-query';
import { USAGE_SUMMARY_MAX_DAYS, type UsageSummary } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import type { ServerRange } from './usage-export-queries.ts';

export const usageSummaryPath = '/api/analytics/usage-summary';

/** The browser's IANA zone: the summary's days and weekday hours are the viewer's local ones. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const usageSummaryQuery = (range: ServerRange, timeZone: string) =>
  queryOptions({
    queryKey: ['usage-export', 'summary', range.start, range.end, timeZone] as const,
    queryFn: ({ signal }) =>
      apiClient.get<UsageSummary>(usageSummaryPath, {
        query: { start: range.start, end: range.end, timeZone },
        signal,
      }),
  });

/** The range is short enough for the summary (the server refuses longer ones). */
export const isSummarisable = (range: ServerRange) =>
  Date.parse(range.end) - Date.parse(range.start) <= USAGE_SUMMARY_MAX_DAYS * 86_400_000;

/** The charts' numbers for a range, summed by the server; nothing for a range too long for it. */
export function useUsageSummary(range: ServerRange) {
  return useQuery({ ...usageSummaryQuery(range, viewerTimeZone()), enabled: isSummarisable(range) });
}
