import { AUDIT_TARGET_TYPES, type AuditTargetType } from '@toolpass/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditLogFilters } from '../api/audit-log-queries.ts';

/** The form's fields as typed: texts, and dates as yyyy-mm-dd. */
export type AuditLogFilterFields = {
  actorId: string;
  targetType: AuditTargetType | '';
  targetId: string;
  action: string;
  fromDate: string;
  toDate: string;
};

const FIELDS = ['actorId', 'targetType', 'targetId', 'action', 'fromDate', 'toDate'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A day typed in the form as the server's bounds: from its first to its last millisecond, local time. */
function dayBound(date: string, end: boolean): string | undefined {
  if (!DATE.test(date)) return undefined;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const moment = end ? new Date(year, month - 1, day, 23, 59, 59, 999) : new Date(year, month - 1, day);
  return Number.isNaN(moment.getTime()) ? undefined : moment.toISOString();
}

/**
 * The address's query as it is now: react-router hands a functional update the query of the last
 * render, so two changes before a render (a type picked, then an ID typed) would drop the first.
 */
const latestParams = () => new URLSearchParams(window.location.search);

/**
 * The filters and page of the audit log, kept in the address (so a filtered view can be
 * shared and survives a reload); changing a filter goes back to the first page.
 */
export function useAuditLogFilters() {
  const [params, setParams] = useSearchParams();
  const fields = useMemo<AuditLogFilterFields>(() => {
    const targetType = params.get('targetType') ?? '';
    return {
      actorId: params.get('actorId') ?? '',
      targetType: (AUDIT_TARGET_TYPES as readonly string[]).includes(targetType)
        ? (targetType as AuditTargetType)
        : '',
      targetId: params.get('targetId') ?? '',
      action: params.get('action') ?? '',
      fromDate: params.get('fromDate') ?? '',
      toDate: params.get('toDate') ?? '',
    };
  }, [params]);
  const page = Math.max(1, Number(params.get('page')) || 1);

  const filters = useMemo<AuditLogFilters>(() => {
    const actorId = /^[1-9]\d{0,9}$/.test(fields.actorId.trim()) ? Number(fields.actorId.trim()) : undefined;
    return {
      actorId,
      targetType: fields.targetType || undefined,
      targetId: fields.targetId.trim() || undefined,
      action: fields.action.trim() || undefined,
      from: dayBound(fields.fromDate, false),
      to: dayBound(fields.toDate, true),
    };
  }, [fields]);

  const setField = useCallback(
    (name: keyof AuditLogFilterFields, value: string) => {
      const next = latestParams();
      if (value === '') next.delete(name);
      else next.set(name, value);
      next.delete('page');
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const setPage = useCallback(
    (value: number) => {
      const next = latestParams();
      next.set('page', String(value));
      setParams(next);
    },
    [setParams],
  );

  const clear = useCallback(() => {
    const next = latestParams();
    for (const name of [...FIELDS, 'page']) next.delete(name);
    setParams(next, { replace: true });
  }, [setParams]);

  return { fields, filters, page, setField, setPage, clear };
}
