import type { Introducer, IntroductionAction, IntroductionHistoryEntry, UserRef } from '@toolpass/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { readBool, readDate } from '../../platform/db/db-values.ts';
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
function isNewestGrant(eb: ExpressionBuilder<Database & { i: Database['introductions'] }, 'i'>) {
  return eb.and([
    eb('i.action', '=', 'grant'),
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

export function createIntroductionsRepository() {
  return {
    /** Everything `ResourceAccess` needs about one user and one resource, in one query. */
    async accessFacts(db: Db, userId: number, resourceId: number, groupIds: number[]) {
      const inGroups = (column: 'introducers.group_id' | 'i.group_id') =>
        groupIds.length === 0
          ? sql<boolean>`1 = 0`
          : sql<boolean>`${sql.ref(column)} in (${sql.join(groupIds)})`;
      const row = await db
        .selectNoFrom((eb) => [
          eb
            .exists(
              eb
                .selectFrom('introducers')
                .select('id')
                .where('user_id', '=', userId)
                .where('resource_id', '=', resourceId),
            )
            .as('is_introducer'),
          eb
            .exists(
              eb
                .selectFrom('introducers')
                .select('id')
                .where('user_id', '=', userId)
                .where(inGroups('introducers.group_id')),
            )
            .as('is_group_introducer'),
          eb
            .exists(
              eb
                .selectFrom('introductions as i')
                .select('i.id')
                .where('i.receiver_user_id', '=', userId)
                .where('i.resource_id', '=', resourceId)
                .where(isNewestGrant),
            )
            .as('has_introduction'),
          eb
            .exists(
              eb
                .selectFrom('introductions as i')
                .select('i.id')
                .where('i.receiver_user_id', '=', userId)
                .where(inGroups('i.group_id'))
                .where(isNewestGrant),
            )
            .as('has_group_introduction'),
        ])
        .executeTakeFirstOrThrow();
      return {
        isIntroducer: readBool(row.is_introducer as boolean | number),
        isGroupIntroducer: readBool(row.is_group_introducer as boolean | number),
        hasIntroduction: readBool(row.has_introduction as boolean | number),
        hasGroupIntroduction: readBool(row.has_group_introduction as boolean | number),
      };
    },

    /** Resources and groups the user introduces or holds a valid introduction to: two queries. */
    async usableScopes(db: Db, userId: number): Promise<{ resourceIds: number[]; groupIds: number[] }> {
      const [introducing, introduced] = await Promise.all([
        db
          .selectFrom('introducers')
          .select(['resource_id', 'group_id'])
          .where('user_id', '=', userId)
          .execute(),
        db
          .selectFrom('introductions as i')
          .select(['i.resource_id', 'i.group_id'])
          .where('i.receiver_user_id', '=', userId)
          .where(isNewestGrant)
          .execute(),
      ]);
      const resourceIds = new Set<number>();
      const groupIds = new Set<number>();
      for (const row of [...introducing, ...introduced]) {
        if (row.resource_id !== null) resourceIds.add(row.resource_id);
        if (row.group_id !== null) groupIds.add(row.group_id);
      }
      return { resourceIds: [...resourceIds], groupIds: [...groupIds] };
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

    async removeIntroducer(db: Db, scope: IntroductionScope, userId: number): Promise<void> {
      const [column, id] = scopeColumn(scope);
      await db.deleteFrom('introducers').where(column, '=', id).where('user_id', '=', userId).execute();
    },

    // ---- introductions (history rows) ----

    async addEntry(
      db: Db,
      entry: {
        scope: IntroductionScope;
        receiverUserId: number;
        givenByUserId: number;
        action: IntroductionAction;
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
