import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../platform/db/database.ts';

const MARKER_CHANNEL = 'toolpass_test_marker';

/**
 * Resolves once `listener` (an instance on PostgreSQL) has taken in every notification committed
 * before the call. A marker sent through `sender` on a channel of its own reaches the instance
 * over the same listening connection, in commit order, after them. On SQLite, at once.
 */
export async function notificationsSettled(listener: DatabaseHandle, sender: Db): Promise<void> {
  if (!listener.listen) return;
  const marker = `marker-${Math.random()}`;
  let seen = false;
  const listening = listener.listen(
    MARKER_CHANNEL,
    (payload) => {
      if (payload === marker) seen = true;
    },
    () => undefined,
  );
  try {
    await listening.ready;
    await sql`select pg_notify(${MARKER_CHANNEL}, ${marker})`.execute(sender);
    const deadline = Date.now() + 5_000;
    while (!seen) {
      if (Date.now() > deadline) throw new Error('Timed out waiting for the notification marker');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await listening.close();
  }
}
