import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { isNewestGrant } from './introductions.repository.ts';

type Grants = Database & { i: Database['introductions'] };

/**
 * `days` days before `now`, as a timestamp of the dialect: SQLite keeps ISO text, which
 * `strftime` writes in the same form (to the millisecond) so that text compares as time does.
 */
function daysBefore(dialect: Dialect, now: Expression<Date>, days: Expression<number | null>) {
  return dialect === 'postgres'
    ? sql<Date>`(${now}::timestamptz - make_interval(days => ${days}))`
    : sql<Date>`strftime('%Y-%m-%dT%H:%M:%fZ', ${now}, '-' || ${days} || ' days')`;
}

/**
 * The grant `i` has not lapsed at `now` under the rules in `validFor` and `unusedFor` (columns of
 * its resource or group), as `expiryOf` in resource-access.ts decides: younger than validFor
 * days, and granted or used (a session start in `used`) within unusedFor days; a recorded lapse
 * stays a lapse. Decision 21.
 */
function stillValid(
  eb: ExpressionBuilder<Grants, 'i'>,
  dialect: Dialect,
  now: Expression<Date>,
  validFor: Expression<number | null>,
  unusedFor: Expression<number | null>,
  usedSince: (since: Expression<Date>) => Expression<SqlBool>,
) {
  return eb.and([
    eb.not(
      eb.exists(
        eb.selectFrom('introduction_lapses as l').select('l.grant_id').whereRef('l.grant_id', '=', 'i.id'),
      ),
    ),
    eb.or([eb(validFor, 'is', null), eb('i.created_at', '>', daysBefore(dialect, now, validFor))]),
    eb.or([
      eb(unusedFor, 'is', null),
      eb('i.created_at', '>', daysBefore(dialect, now, unusedFor)),
      usedSince(daysBefore(dialect, now, unusedFor)),
    ]),
  ]);
}

/**
 * True for resources the user may use through introductions that have not lapsed at `now`, or
 * as an introducer (not counting canManageResources), for a query over `resources`: the
 * resource listing's access filter. The set is built once from the user's side, not probed for
 * every resource, so a page stays one query whatever the number of introductions.
 */
export function usableByCondition(dialect: Dialect) {
  return (userId: number, now: Date): Expression<SqlBool> => {
    const eb = expressionBuilder<Database, 'resources'>();
    const at = sql.val(now);
    const usable = eb
      .selectFrom('introducers')
      .select('introducers.resource_id as id')
      .where('introducers.user_id', '=', userId)
      .where('introducers.resource_id', 'is not', null)
      .union(
        eb
          .selectFrom('introducers')
          .innerJoin('resource_group_members as m', 'm.group_id', 'introducers.group_id')
          .select('m.resource_id as id')
          .where('introducers.user_id', '=', userId),
      )
      .union(
        eb
          .selectFrom('introductions as i')
          .innerJoin('resources as r', 'r.id', 'i.resource_id')
          .select('i.resource_id as id')
          .where('i.receiver_user_id', '=', userId)
          .where(isNewestGrant)
          .where((inner) =>
            stillValid(
              inner,
              dialect,
              at,
              inner.ref('r.introduction_valid_for_days'),
              inner.ref('r.introduction_expires_after_unused_days'),
              (since) =>
                inner.exists(
                  inner
                    .selectFrom('usage_sessions as s')
                    .select('s.id')
                    .whereRef('s.user_id', '=', 'i.receiver_user_id')
                    .whereRef('s.resource_id', '=', 'i.resource_id')
                    .where('s.start_time', '>', since),
                ),
            ),
          ),
      )
      .union(
        eb
          .selectFrom('introductions as i')
          .innerJoin('resource_groups as g', 'g.id', 'i.group_id')
          .innerJoin('resource_group_members as m', 'm.group_id', 'i.group_id')
          .select('m.resource_id as id')
          .where('i.receiver_user_id', '=', userId)
          .where(isNewestGrant)
          .where((inner) =>
            stillValid(
              inner,
              dialect,
              at,
              inner.ref('g.introduction_valid_for_days'),
              inner.ref('g.introduction_expires_after_unused_days'),
              (since) =>
                inner.exists(
                  inner
                    .selectFrom('usage_sessions as s')
                    .innerJoin('resource_group_members as gm', 'gm.resource_id', 's.resource_id')
                    .select('s.id')
                    .whereRef('s.user_id', '=', 'i.receiver_user_id')
                    .whereRef('gm.group_id', '=', 'i.group_id')
                    .where('s.start_time', '>', since),
                ),
            ),
          ),
      );
    return eb('resources.id', 'in', usable);
  };
}
