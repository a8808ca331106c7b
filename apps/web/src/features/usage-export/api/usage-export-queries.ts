import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ResourceUsageRecord,
  USAGE_CSV_COLUMNS,
  type UsageCsvColumn,
  type UsageCsvHeaderLanguage,
} from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { type UsageRange, usageCsvFileName } from '../usage-range.ts';

export type { UsageRange };
/** A range as the server reads it: ISO timestamps, the end exclusive. */
export type ServerRange = Pick<UsageRange, 'start' | 'end'>;

export const usageRecordsPath = '/api/analytics/resource-usage-hours';
export const usageCsvPath = '/api/analytics/resource-usage.csv';

export const usageExportKeys = {
  all: ['usage-export'] as const,
  records: (range: ServerRange) => ['usage-export', 'records', range.start, range.end] as const,
};

export const usageRecordsQuery = (range: ServerRange) =>
  queryOptions({
    queryKey: usageExportKeys.records(range),
    queryFn: ({ signal }) =>
      apiClient.get<ResourceUsageRecord[]>(usageRecordsPath, {
        query: { start: range.start, end: range.end },
        signal,
      }),
  });

/** The usage records of a range (sessions overlapping it), or nothing before a range is chosen. */
export function useUsageRecords(range: ServerRange | undefined, enabled = true) {
  return useQuery({
    ...usageRecordsQuery(range ?? { start: '', end: '' }),
    enabled: enabled && range !== undefined,
  });
}

export type CsvExportOptions = {
  columns: readonly UsageCsvColumn[];
  groupByUserAndResource: boolean;
  /** The language of the header row's column names (the viewer's). */
  headerLanguage: UsageCsvHeaderLanguage;
};

/** The query of the server export: the range, the chosen columns in the contract's order, the grouping. */
export function csvExportQuery(
  range: ServerRange,
  options: CsvExportOptions,
): Record<string, string | undefined> {
  const columns = USAGE_CSV_COLUMNS.filter((column) => options.columns.includes(column));
  return {
    start: range.start,
    end: range.end,
    columns: columns.join(','),
    groupByUserAndResource: options.groupByUserAndResource ? 'true' : undefined,
    headerLanguage: options.headerLanguage,
  };
}

/** Fetches the CSV with the sign-in token and saves it under a name that carries its days. */
export async function downloadUsageCsv(range: UsageRange, options: CsvExportOptions): Promise<void> {
  const blob = await apiClient.getBlob(usageCsvPath, { query: csvExportQuery(range, options) });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = usageCsvFileName(range);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click starts the download synchronously; the URL is freed on the next turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
