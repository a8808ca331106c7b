import { AUDIT_SECRET_CHANGED, type AuditAction, type AuditTargetType } from '@toolpass/contracts';
import type { Db } from '../db/database.ts';
import { type AuditActor, currentAuditActor } from './audit-actor.ts';

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export type AuditRecord = {
  /** Omitted: the signed-in user of the request being answered (null outside a request). */
  actor?: AuditActor;
  /** `<target type>.<past tense>`: `resource.updated`, `user.permissions-changed`; one of the contract's. */
  action: AuditAction;
  target: { type: AuditTargetType; id: number | string; name: string };
  changes?: AuditChanges;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between two plain views of a target, as { before, after }. Missing
 * fields count as null, so `diffFields({}, created)` lists a new target's fields and
 * `diffFields(deleted, {})` a deleted one's. A secret field's values are never written: its
 * change reads `{ before: null, after: "changed" }` (decision 22).
 */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  options: { secret?: readonly string[]; ignore?: readonly string[] } = {},
): AuditChanges {
  const changes: AuditChanges = {};
  const secret = new Set(options.secret ?? []);
  const ignore = new Set(options.ignore ?? []);
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (ignore.has(field) || same(before[field], after[field])) continue;
    changes[field] = secret.has(field)
      ? { before: null, after: AUDIT_SECRET_CHANGED }
      : { before: before[field] ?? null, after: after[field] ?? null };
  }
  return changes;
}

/**
 * Records administrative changes in the audit log (issue 32). Call `record` with the change's
 * own transaction: the entry commits with the change or not at all.
 */
export function createAuditLog(deps: { now: () => Date }) {
  return {
    async record(tx: Db, entry: AuditRecord): Promise<void> {
      const actor = entry.actor === undefined ? currentAuditActor() : entry.actor;
      await tx
        .insertInto('audit_log')
        .values({
          at: deps.now(),
          actor_id: actor?.id ?? null,
          actor_username: actor?.username ?? null,
          action: entry.action,
          target_type: entry.target.type,
          target_id: String(entry.target.id),
          target_name: entry.target.name,
          changes: JSON.stringify(entry.changes ?? {}),
        })
        .execute();
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
