import type { AuditEntry, AuditLogCsvQuery, AuditTargetType } from '@toolpass/contracts';
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { readCount, readDate } from '../../platform/db/db-values.ts';
import { executeLargeRead } from '../../platform/db/large-read.ts';
import type { Database } from '../../platform/db/schema.ts';

type AuditQuery = SelectQueryBuilder<Database, 'audit_log', object>;

function filtered(db: Db, filter: AuditLogCsvQuery): AuditQuery {
  let query: AuditQuery = db.selectFrom('audit_log');
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.targetType !== undefined) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId !== undefined) query = query.where('target_id', '=', filter.targetId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.from !== undefined) query = query.where('at', '>=', new Date(filter.from));
  if (filter.to !== undefined) query = query.where('at', '<=', new Date(filter.to));
  return query;
}

const COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_username',
  'action',
  'target_type',
  'target_id',
  'target_name',
  'changes',
] as const;

type AuditRow = {
  id: number;
  at: Date | string;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  target_type: string;
  target_id: string;
  target_name: string;
  changes: string;
};

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: readDate(row.at).toISOString(),
    actor: row.actor_id === null ? null : { id: row.actor_id, username: row.actor_username ?? '' },
    action: row.action,
    target: { type: row.target_type as AuditTargetType, id: row.target_id, name: row.target_name },
    changes: JSON.parse(row.changes) as AuditEntry['changes'],
  };
}

/** The only SQL that reads the audit log; entries are written by platform/audit and never changed. */
export function createAuditRepository() {
  return {
    async page(db: Db, filter: AuditLogCsvQuery, offset: number, limit: number) {
      const [rows, counted] = await Promise.all([
        filtered(db, filter)
          .select(COLUMNS)
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        filtered(db, filter)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map(toEntry), total: readCount(counted.total) };
    },

    /** Newest first, a keyset page after the entry (at, id) given: the export's pages. */
    async exportPage(
      db: Db,
      filter: AuditLogCsvQuery,
      after: { at: Date; id: number } | null,
      limit: number,
    ) {
      let query = filtered(db, filter).select(COLUMNS);
      if (after) {
        query = query.where((eb) =>
          eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]),
        );
      }
      const rows = await executeLargeRead(db, query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit));
      return rows.map(toEntry);
    },

    /** Removes entries older than the retention allows; every instance may run it, it is idempotent. */
    async deleteOlderThan(db: Db, cutoff: Date): Promise<number> {
      const result = await db.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
