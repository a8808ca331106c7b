import type { Introducer, IntroductionAction, IntroductionHistoryEntry, UserRef } from '@toolpass/contracts';
import { type Expression, type ExpressionBuilder, expressionBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { readBool, readDate } from '../../platform/db/db-values.ts';
import { reusableQuery } from '../../platform/db/reusable-query.ts';
import type { Database } from '../../platform/db/schema.ts';

/** Introducers and introductions exist per resource or per resource group. */
export type IntroductionScope = { resourceId: number } | { groupId: number };

function scopeColumn(scope: IntroductionScope): ['resource_id' | 'group_id', number] {
  return 'resourceId' in scope ? ['resource_id', scope.resourceId] : ['group_id', scope.groupId];
}

export type IntroductionEntryWithReceiver = IntroductionHistoryEntry & { receiverUser: UserRef };

function toEntry(row: {
  id: number;
  created_at: Date | string;
  action: IntroductionAction;
  comment: string | null;
}) {
  return {
    id: row.id,
    createdAt: readDate(row.created_at).toISOString(),
    action: row.action,
    comment: row.comment,
  };
}

/**
 * "The newest entry of this user in this scope is a grant", for the introduction row `i`:
 * no later entry exists for the same receiver and scope. Exactly one of resource_id and
 * group_id is set, so comparing both columns matches the scope.
 */
export function isNewestGrant(eb: ExpressionBuilder<Database & { i: Database['introductions'] }, 'i'>) {
  return eb.and([
    // A literal, not a parameter, so the statements that use it can be compiled once.
    eb('i.action', '=', sql.lit('grant')),
    eb.not(
      eb.exists(
        eb
          .selectFrom('introductions as later')
          .select('later.id')
          .whereRef('later.receiver_user_id', '=', 'i.receiver_user_id')
          .whereRef('later.id', '>', 'i.id')
          .where((inner) =>
            inner.or([
              inner('later.resource_id', '=', inner.ref('i.resource_id')),
              inner('later.group_id', '=', inner.ref('i.group_id')),
            ]),
          ),
      ),
    ),
  ]);
}

export type AccessFacts = {
  isIntroducer: boolean;
  isGroupIntroducer: boolean;
  hasIntroduction: boolean;
  hasGroupIntroduction: boolean;
};

/**
 * The four ways a user holds a resource (`ResourceAccess` without the permission), as EXISTS
 * conditions about `resource`: a value, or a column of an outer query. Groups are reached
 * through their memberships, so the cost does not grow with the number of groups.
 */
function accessConditions(userId: number, resource: Expression<number>) {
  const eb = expressionBuilder<Database, never>();
  return {
    isIntroducer: eb.exists(
      eb
        .selectFrom('introducers')
        .select('introducers.id')
        .where('introducers.user_id', '=', userId)
        .where('introducers.resource_id', '=', resource),
    ),
    isGroupIntroducer: eb.exists(
      eb
        .selectFrom('introducers')
        .innerJoin('resource_group_members as m', 'm.group_id', 'introducers.group_id')
        .select('introducers.id')
        .where('introducers.user_id', '=', userId)
        .where('m.resource_id', '=', resource),
    ),
    hasIntroduction: eb.exists(
      eb
        .selectFrom('introductions as i')
        .select('i.id')
        .where('i.receiver_user_id', '=', userId)
        .where('i.resource_id', '=', resource)
        .where(isNewestGrant),
    ),
    hasGroupIntroduction: eb.exists(
      eb
        .selectFrom('introductions as i')
        .innerJoin('resource_group_members as m', 'm.group_id', 'i.group_id')
        .select('i.id')
        .where('i.receiver_user_id', '=', userId)
        .where('m.resource_id', '=', resource)
        .where(isNewestGrant),
    ),
  };
}

export function createIntroductionsRepository(deps: { db: Db }) {
  // Asked on every start, end and can-control of a non-manager: compiled once.
  const selectAccessFacts = reusableQuery<
    Database,
    { userId: number; resourceId: number },
    Record<keyof AccessFacts, boolean | number>
  >(deps.db, ['userId', 'resourceId'], (db, p) => {
    const facts = accessConditions(p.userId, sql.val(p.resourceId));
    return db.selectNoFrom([
      facts.isIntroducer.as('isIntroducer'),
      facts.isGroupIntroducer.as('isGroupIntroducer'),
      facts.hasIntroduction.as('hasIntroduction'),
      facts.hasGroupIntroduction.as('hasGroupIntroduction'),
    ]);
  });

  return {
    /** Everything `ResourceAccess` needs about one user and one resource, in one query. */
    async accessFacts(db: Db, userId: number, resourceId: number): Promise<AccessFacts> {
      const [row] = await selectAccessFacts(db, { userId, resourceId });
      return {
        isIntroducer: readBool(row?.isIntroducer ?? false),
        isGroupIntroducer: readBool(row?.isGroupIntroducer ?? false),
        hasIntroduction: readBool(row?.hasIntroduction ?? false),
        hasGroupIntroduction: readBool(row?.hasGroupIntroduction ?? false),
      };
    },

    // ---- introducers ----

    async listIntroducers(db: Db, scope: IntroductionScope): Promise<Introducer[]> {
      const [column, id] = scopeColumn(scope);
      const rows = await db
        .selectFrom('introducers')
        .innerJoin('users', 'users.id', 'introducers.user_id')
        .select(['introducers.id', 'introducers.user_id', 'users.username'])
        .where(`introducers.${column}`, '=', id)
        .orderBy('users.username_key')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        user: { id: row.user_id, username: row.username },
      }));
    },

    async isIntroducer(db: Db, scope: IntroductionScope, userId: number): Promise<boolean> {
      const [column, id] = scopeColumn(scope);
      const row = await db
        .selectFrom('introducers')
        .select('id')
        .where(column, '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** True when the user became an introducer, false when they already were one. */
    async addIntroducer(db: Db, scope: IntroductionScope, userId: number, now: Date): Promise<boolean> {
      const [column, id] = scopeColumn(scope);
      const row = await db
        .insertInto('introducers')
        .values({
          resource_id: column === 'resource_id' ? id : null,
          group_id: column === 'group_id' ? id : null,
          user_id: userId,
          created_at: now,
        })
        // The target names the partial unique index of this scope (same syntax on both dialects).
        .onConflict((oc) => oc.columns([column, 'user_id']).where(column, 'is not', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** True when the user was an introducer. */
    async removeIntroducer(db: Db, scope: IntroductionScope, userId: number): Promise<boolean> {
      const [column, id] = scopeColumn(scope);
      const row = await db
        .deleteFrom('introducers')
        .where(column, '=', id)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    // ---- introductions (history rows) ----

    async addEntry(
      db: Db,
      entry: {
        scope: IntroductionScope;
        receiverUserId: number;
        givenByUserId: number;
        action: 'grant' | 'revoke';
        comment: string | null;
        now: Date;
      },
    ): Promise<IntroductionHistoryEntry> {
      const [column, id] = scopeColumn(entry.scope);
      const row = await db
        .insertInto('introductions')
        .values({
          resource_id: column === 'resource_id' ? id : null,
          group_id: column === 'group_id' ? id : null,
          receiver_user_id: entry.receiverUserId,
          given_by_user_id: entry.givenByUserId,
          action: entry.action,
          comment: entry.comment,
          created_at: entry.now,
        })
        .returning(['id', 'created_at', 'action', 'comment'])
        .executeTakeFirstOrThrow();
      return toEntry(row);
    },

    /** One user's history in a scope, newest first. */
    async history(
      db: Db,
      scope: IntroductionScope,
      receiverUserId: number,
    ): Promise<IntroductionHistoryEntry[]> {
      const [column, id] = scopeColumn(scope);
      const rows = await db
        .selectFrom('introductions')
        .select(['id', 'created_at', 'action', 'comment'])
        .where(column, '=', id)
        .where('receiver_user_id', '=', receiverUserId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toEntry);
    },

    /** Every entry of a scope with its receiver, newest first, in one query. */
    async entriesOf(db: Db, scope: IntroductionScope): Promise<IntroductionEntryWithReceiver[]> {
      const [column, id] = scopeColumn(scope);
      const rows = await db
        .selectFrom('introductions')
        .innerJoin('users', 'users.id', 'introductions.receiver_user_id')
        .select([
          'introductions.id',
          'introductions.created_at',
          'introductions.action',
          'introductions.comment',
          'users.id as user_id',
          'users.username',
        ])
        .where(`introductions.${column}`, '=', id)
        .orderBy('introductions.id', 'desc')
        .execute();
      return rows.map((row) => ({
        ...toEntry(row),
        receiverUser: { id: row.user_id, username: row.username },
      }));
    },
  };
}

export type IntroductionsRepository = ReturnType<typeof createIntroductionsRepository>;
