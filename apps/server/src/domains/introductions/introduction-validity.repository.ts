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

/** A grant that may lapse, with whom to remind and of what (decision 21). */
export type ReminderCandidate = GrantValidity & {
  receiver: { id: number; username: string; email: string; language: string | null };
  /** The resource or group's name and the page of it, as a path. */
  name: string;
  path: string;
};

/**
 * Every member's newest grant whose resource or group has a lapse rule and which has not been
 * recorded as lapsed: what the reminder sweep looks at, in two queries.
 */
export async function reminderCandidates(db: Db): Promise<ReminderCandidate[]> {
  const direct = await db
    .selectFrom('introductions as i')
    .innerJoin('resources as r', 'r.id', 'i.resource_id')
    .innerJoin('users as u', 'u.id', 'i.receiver_user_id')
    .leftJoin('introduction_lapses as l', 'l.grant_id', 'i.id')
    .select((eb) => [
      'i.id as grant_id',
      'i.created_at',
      'r.id as scope_id',
      'r.name',
      'r.introduction_valid_for_days as valid_for_days',
      'r.introduction_expires_after_unused_days as unused_days',
      'l.lapsed_at',
      'u.id as user_id',
      'u.username',
      'u.email',
      'u.language',
      eb
        .selectFrom('usage_sessions as s')
        .select((inner) => inner.fn.max('s.start_time').as('m'))
        .whereRef('s.user_id', '=', 'i.receiver_user_id')
        .whereRef('s.resource_id', '=', 'i.resource_id')
        .as('last_used_at'),
    ])
    .where((eb) =>
      eb.or([
        eb('r.introduction_valid_for_days', 'is not', null),
        eb('r.introduction_expires_after_unused_days', 'is not', null),
      ]),
    )
    .where('l.lapsed_at', 'is', null)
    .where(isNewestGrant)
    .execute();
  const viaGroups = await db
    .selectFrom('introductions as i')
    .innerJoin('resource_groups as g', 'g.id', 'i.group_id')
    .innerJoin('users as u', 'u.id', 'i.receiver_user_id')
    .leftJoin('introduction_lapses as l', 'l.grant_id', 'i.id')
    .select((eb) => [
      'i.id as grant_id',
      'i.created_at',
      'g.id as scope_id',
      'g.name',
      'g.introduction_valid_for_days as valid_for_days',
      'g.introduction_expires_after_unused_days as unused_days',
      'l.lapsed_at',
      'u.id as user_id',
      'u.username',
      'u.email',
      'u.language',
      eb
        .selectFrom('usage_sessions as s')
        .innerJoin('resource_group_members as gm', 'gm.resource_id', 's.resource_id')
        .select((inner) => inner.fn.max('s.start_time').as('m'))
        .whereRef('s.user_id', '=', 'i.receiver_user_id')
        .whereRef('gm.group_id', '=', 'i.group_id')
        .as('last_used_at'),
    ])
    .where((eb) =>
      eb.or([
        eb('g.introduction_valid_for_days', 'is not', null),
        eb('g.introduction_expires_after_unused_days', 'is not', null),
      ]),
    )
    .where('l.lapsed_at', 'is', null)
    .where(isNewestGrant)
    .execute();
  const candidate = (row: (typeof direct)[number], isDirect: boolean): ReminderCandidate => ({
    ...toValidity(row as ValidityRow, isDirect),
    receiver: { id: row.user_id, username: row.username, email: row.email, language: row.language },
    name: row.name,
    path: isDirect ? `/resources/${row.scope_id}` : `/resource-groups/${row.scope_id}`,
  });
  return [...direct.map((row) => candidate(row, true)), ...viaGroups.map((row) => candidate(row, false))];
}

type Reminder = { grantId: number; daysBefore: number; expiresAt: Date };

/** Whether this reminder went out already. */
export async function reminderSent(db: Db, reminder: Reminder): Promise<boolean> {
  const row = await db
    .selectFrom('introduction_reminders')
    .select('grant_id')
    .where('grant_id', '=', reminder.grantId)
    .where('days_before', '=', reminder.daysBefore)
    .where('expires_at', '=', reminder.expiresAt)
    .executeTakeFirst();
  return row !== undefined;
}

/** Notes that a reminder went out; false when it had been sent already (it is sent once). */
export async function claimReminder(db: Db, reminder: Reminder, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('introduction_reminders')
    .values({
      grant_id: reminder.grantId,
      days_before: reminder.daysBefore,
      expires_at: reminder.expiresAt,
      sent_at: now,
    })
    .onConflict((oc) => oc.columns(['grant_id', 'days_before', 'expires_at']).doNothing())
    .returning('grant_id')
    .executeTakeFirst();
  return row !== undefined;
}
