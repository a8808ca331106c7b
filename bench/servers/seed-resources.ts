import { type Db, searchTextOf } from '@toolpass/server/testing';

const MINUTE = 60_000;
const DESCRIPTION = 'Seeded for the benchmark';

/**
 * The data set, written in bulk: 1,000 resources in 20 groups and 10,000 finished
 * usage sessions, plus `racers` users with the right to start sessions.
 */
export async function seedResources(db: Db, options: { benchUserId: number; racers: number[] }) {
  const now = new Date();
  const groups = await db
    .insertInto('resource_groups')
    .values(
      Array.from({ length: 20 }, (_, index) => ({
        name: `Workshop ${index + 1}`,
        description: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  const resourceIds: number[] = [];
  for (let batch = 0; batch < 10; batch += 1) {
    const rows = await db
      .insertInto('resources')
      .values(
        Array.from({ length: 100 }, (_, index) => `Machine ${batch * 100 + index + 1}`).map((name) => ({
          name,
          description: DESCRIPTION,
          search_text: searchTextOf(name, DESCRIPTION),
          image_filename: null,
          allow_take_over: true,
          documentation_type: null,
          documentation_markdown: null,
          documentation_url: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    resourceIds.push(...rows.map((row) => row.id));
  }
  await db
    .insertInto('resource_group_members')
    .values(
      resourceIds.map((resourceId, index) => ({
        resource_id: resourceId,
        group_id: groups[index % groups.length]?.id ?? 0,
      })),
    )
    .execute();
  const users = [options.benchUserId, ...options.racers];
  for (let batch = 0; batch < 20; batch += 1) {
    await db
      .insertInto('usage_sessions')
      .values(
        Array.from({ length: 500 }, (_, index) => {
          const n = batch * 500 + index;
          const start = new Date(now.getTime() - (n + 2) * 90 * MINUTE);
          return {
            // A tenth of the history is on the first resource, so its history has many pages.
            resource_id: n % 10 === 0 ? (resourceIds[0] ?? 0) : (resourceIds[n % resourceIds.length] ?? 0),
            user_id: users[n % users.length] ?? options.benchUserId,
            start_time: start,
            end_time: new Date(start.getTime() + 45 * MINUTE),
            start_notes: null,
            end_notes: null,
          };
        }),
      )
      .execute();
  }
  return { resourceIds };
}
