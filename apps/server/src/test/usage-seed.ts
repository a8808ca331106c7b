import { sql } from 'kysely';
import type { DatabaseHandle } from '../platform/db/database.ts';

/**
 * Many finished usage sessions in one statement (a recursive CTE numbers them), for the export's
 * memory test and benchmark: session i starts `stepSeconds` after session i-1, lasts
 * `durationSeconds`, and goes round the given resources and users. Every tenth carries end notes
 * with a separator, quotes and a line break, so the CSV quoting is part of what is measured.
 */
export async function seedUsageSessions(
  database: DatabaseHandle,
  options: {
    rows: number;
    resourceIds: number[];
    userIds: number[];
    from: Date;
    stepSeconds: number;
    durationSeconds: number;
  },
): Promise<void> {
  const { rows, resourceIds, userIds, stepSeconds, durationSeconds } = options;
  const fromSeconds = Math.floor(options.from.getTime() / 1000);
  const pick = (ids: number[]) =>
    sql.raw(
      `case ${ids.map((id, index) => `when i % ${ids.length} = ${index} then ${Number(id)}`).join(' ')} end`,
    );
  const at = (offsetSeconds: number) =>
    database.dialect === 'postgres'
      ? sql`to_timestamp(${sql.lit(fromSeconds + offsetSeconds)} + i * ${sql.lit(stepSeconds)})`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.lit(fromSeconds + offsetSeconds)} + i * ${sql.lit(stepSeconds)}, 'unixepoch')`;
  await sql`
    with recursive n(i) as (select 0 union all select i + 1 from n where i < ${sql.lit(rows - 1)})
    insert into usage_sessions (resource_id, user_id, start_time, end_time, start_notes, end_notes)
    select ${pick(resourceIds)}, ${pick(userIds)}, ${at(0)}, ${at(durationSeconds)},
      'note ' || i,
      case when i % 10 = 0 then 'two;' || chr_lf || 'lines "quoted"' else null end
    from n, (select ${database.dialect === 'postgres' ? sql`chr(10)` : sql`char(10)`} as chr_lf) as lf`.execute(
    database.db,
  );
}
