import type { Db } from '../../platform/db/database.ts';
import { readDate } from '../../platform/db/db-values.ts';
import { type IntroductionScope, isNewestGrant } from './introductions.repository.ts';
import type { GrantValidity } from './resource-access.ts';

type ValidityRow = {
  grant_id: number;
  created_at: Date | string;
  valid_for_days: number | null;
  unused_days: number | null;
  last_used_at: Date | string | null;
  lapsed_at: Date | string | null;
};

function toValidity(row: ValidityRow, direct: boolean): GrantValidity {
  return {
    grantId: row.grant_id,
    direct,
    grantedAt: readDate(row.created_at),
    validForDays: row.valid_for_days,
    expiresAfterUnusedDays: row.unused_days,
    lastUsedAt: row.last_used_at === null ? null : readDate(row.last_used_at),
    recordedLapseAt: row.lapsed_at === null ? null : readDate(row.lapsed_at),
  };
}

/** The SQL of introduction lapses (decision 21): grants with the rules and last use they lapse by. */
export function createIntroductionValidityRepository() {
  return {
    /** Records that a grant lapsed, once: a later grant or revocation keeps it in the history. */
    async recordLapse(db: Db, grantId: number, lapsedAt: Date): Promise<void> {
      await db
        .insertInto('introduction_lapses')
        .values({ grant_id: grantId, lapsed_at: lapsedAt })
        .onConflict((oc) => oc.column('grant_id').doNothing())
        .execute();
    },

    /** The recorded lapses of a scope (of one receiver, if given). */
    async lapsesOf(
      db: Db,
      scope: IntroductionScope,
      receiverUserId?: number,
    ): Promise<{ grantId: number; receiverUserId: number; lapsedAt: Date }[]> {
      const rows = await db
        .selectFrom('introduction_lapses as l')
        .innerJoin('introductions as i', 'i.id', 'l.grant_id')
        .select(['l.grant_id', 'i.receiver_user_id', 'l.lapsed_at'])
        .$call((query) =>
          'resourceId' in scope
            ? query.where('i.resource_id', '=', scope.resourceId)
            : query.where('i.group_id', '=', scope.groupId),
        )
        .$if(receiverUserId !== undefined, (query) =>
          query.where('i.receiver_user_id', '=', receiverUserId ?? 0),
        )
        .execute();
      return rows.map((row) => ({
        grantId: row.grant_id,
        receiverUserId: row.receiver_user_id,
        lapsedAt: readDate(row.lapsed_at),
      }));
    },

    /**
     * The user's newest grants that reach the resource (its own and its groups'), each with the
     * rules of its resource or group and the user's last session there (decision 21).
     */
    async grantValidities(db: Db, userId: number, resourceId: number): Promise<GrantValidity[]> {
      const direct = await db
        .selectFrom('introductions as i')
        .innerJoin('resources as r', 'r.id', 'i.resource_id')
        .leftJoin('introduction_lapses as l', 'l.grant_id', 'i.id')
        .select((eb) => [
          'i.id as grant_id',
          'i.created_at',
          'r.introduction_valid_for_days as valid_for_days',
          'r.introduction_expires_after_unused_days as unused_days',
          'l.lapsed_at',
          eb
            .selectFrom('usage_sessions as s')
            .select((inner) => inner.fn.max('s.start_time').as('m'))
            .where('s.user_id', '=', userId)
            .where('s.resource_id', '=', resourceId)
            .as('last_used_at'),
        ])
        .where('i.receiver_user_id', '=', userId)
        .where('i.resource_id', '=', resourceId)
        .where(isNewestGrant)
        .execute();
      const viaGroups = await db
        .selectFrom('introductions as i')
        .innerJoin('resource_group_members as m', 'm.group_id', 'i.group_id')
        .innerJoin('resource_groups as g', 'g.id', 'i.group_id')
        .leftJoin('introduction_lapses as l', 'l.grant_id', 'i.id')
        .select((eb) => [
          'i.id as grant_id',
          'i.created_at',
          'g.introduction_valid_for_days as valid_for_days',
          'g.introduction_expires_after_unused_days as unused_days',
          'l.lapsed_at',
          eb
            .selectFrom('usage_sessions as s')
            .innerJoin('resource_group_members as gm', 'gm.resource_id', 's.resource_id')
            .select((inner) => inner.fn.max('s.start_time').as('m'))
            .where('s.user_id', '=', userId)
            .whereRef('gm.group_id', '=', 'i.group_id')
            .as('last_used_at'),
        ])
        .where('i.receiver_user_id', '=', userId)
        .where('m.resource_id', '=', resourceId)
        .where(isNewestGrant)
        .execute();
      return [
        ...direct.map((row) => toValidity(row as ValidityRow, true)),
        ...viaGroups.map((row) => toValidity(row as ValidityRow, false)),
      ];
    },

    /** The newest grants of every user in a scope, with the scope's rules and each user's last use. */
    async scopeValidities(db: Db, scope: IntroductionScope): Promise<Map<number, GrantValidity>> {
      const rows =
        'resourceId' in scope
          ? await db
              .selectFrom('introductions as i')
              .innerJoin('resources as r', 'r.id', 'i.resource_id')
              .leftJoin('introduction_lapses as l', 'l.grant_id', 'i.id')
              .select((eb) => [
                'i.receiver_user_id',
                'i.id as grant_id',
                'i.created_at',
                'r.introduction_valid_for_days as valid_for_days',
                'r.introduction_expires_after_unused_days as unused_days',
                'l.lapsed_at',
                eb
                  .selectFrom('usage_sessions as s')
                  .select((inner) => inner.fn.max('s.start_time').as('m'))
                  .whereRef('s.user_id', '=', 'i.receiver_user_id')
                  .whereRef('s.resource_id', '=', 'i.resource_id')
                  .as('last_used_at'),
              ])
              .where('i.resource_id', '=', scope.resourceId)
              .where(isNewestGrant)
              .execute()
          : await db
              .selectFrom('introductions as i')
              .innerJoin('resource_groups as g', 'g.id', 'i.group_id')
              .leftJoin('introduction_lapses as l', 'l.grant_id', 'i.id')
              .select((eb) => [
                'i.receiver_user_id',
                'i.id as grant_id',
                'i.created_at',
                'g.introduction_valid_for_days as valid_for_days',
                'g.introduction_expires_after_unused_days as unused_days',
                'l.lapsed_at',
                eb
                  .selectFrom('usage_sessions as s')
                  .innerJoin('resource_group_members as gm', 'gm.resource_id', 's.resource_id')
                  .select((inner) => inner.fn.max('s.start_time').as('m'))
                  .whereRef('s.user_id', '=', 'i.receiver_user_id')
                  .whereRef('gm.group_id', '=', 'i.group_id')
                  .as('last_used_at'),
              ])
              .where('i.group_id', '=', scope.groupId)
              .where(isNewestGrant)
              .execute();
      return new Map(
        rows.map((row) => [row.receiver_user_id, toValidity(row as ValidityRow, 'resourceId' in scope)]),
      );
    },
  };
}

export type IntroductionValidityRepository = ReturnType<typeof createIntroductionValidityRepository>;
