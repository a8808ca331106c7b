import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditTargetType, Paged } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** Entries per page of the audit log screen. */
export const AUDIT_LOG_PAGE_SIZE = 20;

/** The filters of the screen as the server reads them; empty ones are left out. */
export type AuditLogFilters = {
  actorId?: number | undefined;
  targetType?: AuditTargetType | undefined;
  targetId?: string | undefined;
  action?: string | undefined;
  /** ISO times, the bounds included. */
  from?: string | undefined;
  to?: string | undefined;
};

export const auditLogKeys = {
  all: ['audit-log'] as const,
  page: (filters: AuditLogFilters, page: number) => ['audit-log', 'page', filters, page] as const,
};

const queryOf = (filters: AuditLogFilters) => ({
  actorId: filters.actorId,
  targetType: filters.targetType,
  targetId: filters.targetId,
  action: filters.action,
  from: filters.from,
  to: filters.to,
});

export const auditLogQuery = (filters: AuditLogFilters, page: number) =>
  queryOptions({
    queryKey: auditLogKeys.page(filters, page),
    queryFn: ({ signal }) =>
      apiClient.get<Paged<AuditEntry>>('/api/audit-log', {
        query: { ...queryOf(filters), page, limit: AUDIT_LOG_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (filters: AuditLogFilters, page: number) => useQuery(auditLogQuery(filters, page));

/** Fetches the matching entries as CSV with the sign-in token and saves them as audit-log.csv. */
export async function downloadAuditLogCsv(filters: AuditLogFilters): Promise<void> {
  const blob = await apiClient.getBlob('/api/audit-log.csv', { query: queryOf(filters) });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = 'audit-log.csv';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click starts the download synchronously; the URL is freed on the next turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
