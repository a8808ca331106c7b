import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AuditLogCsvQuery, AuditLogQuery } from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { TextSink } from '../../platform/http/chunked-text-body.ts';
import type { AuditRepository } from './audit.repository.ts';
import { AUDIT_CSV_HEADER, auditCsvLine } from './audit-csv.ts';

export const AUDIT_EXPORT_PAGE_SIZE = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Reading the audit log (issue 32): pages newest first, the CSV export, the retention clean-up. */
export function createAuditService(deps: {
  db: Db;
  repo: AuditRepository;
  clock: Clock;
  /** Days entries are kept; undefined keeps them for good. */
  retentionDays: number | undefined;
}) {
  return {
    async list(query: AuditLogQuery) {
      const { page, limit, ...filter } = query;
      const result = await deps.repo.page(deps.db, filter, (page - 1) * limit, limit);
      return { ...result, page, limit, totalPages: Math.ceil(result.total / limit) };
    },

    /** The export as CSV, a keyset page at a time as the client takes it (decision 13). */
    async writeCsv(filter: AuditLogCsvQuery, out: TextSink): Promise<void> {
      out.write(AUDIT_CSV_HEADER);
      let after: { at: Date; id: number } | null = null;
      for (;;) {
        const page = await deps.repo.exportPage(deps.db, filter, after, AUDIT_EXPORT_PAGE_SIZE);
        for (const entry of page) out.write(auditCsvLine(entry));
        const last = page.at(-1);
        if (!(await out.ready()) || page.length < AUDIT_EXPORT_PAGE_SIZE || !last) return;
        after = { at: new Date(last.at), id: last.id };
        await nextTurn();
      }
    },

    /** Forgets entries past the retention; nothing when no retention is set. */
    async deleteExpired(): Promise<void> {
      if (deps.retentionDays === undefined) return;
      await deps.repo.deleteOlderThan(
        deps.db,
        new Date(deps.clock.now().getTime() - deps.retentionDays * DAY_MS),
      );
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
