// The disk's ceiling: sequential single-row commits through the app's own database layer and
// settings (SQLite WAL, each commit flushed before it is acknowledged, or the PostgreSQL of
// BENCH_DATABASE_URL).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '@toolpass/server/testing';

const seconds = Number(process.argv[2] ?? 5);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-commit-'));
const handle = await openDatabase({ dataDir, databaseUrl: process.env.BENCH_DATABASE_URL });
await migrateToLatest(handle);
const latencies: number[] = [];
const until = performance.now() + seconds * 1000;
let index = 0;
while (performance.now() < until) {
  const started = performance.now();
  const now = new Date();
  await handle.db
    .insertInto('delivery_jobs')
    .values({ target_kind: 'bench', target_id: `r${index}`, due_at: now, created_at: now })
    .execute();
  latencies.push(performance.now() - started);
  index += 1;
}
// The same commits from as many callers at once as PostgreSQL's pool has connections. SQLite
// shares one flush among them (decision 5); PostgreSQL would too, but these inserts notify (the
// change triggers), and notifying commits take turns, each with its own flush (decision 24).
const CONCURRENT_CALLERS = 10;
let concurrent = 0;
const concurrentUntil = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: CONCURRENT_CALLERS }, async (_, caller) => {
    while (performance.now() < concurrentUntil) {
      const now = new Date();
      await handle.db
        .insertInto('delivery_jobs')
        .values({ target_kind: 'bench', target_id: `c${caller}-${concurrent}`, due_at: now, created_at: now })
        .execute();
      concurrent += 1;
    }
  }),
);
// On PostgreSQL the database outlives this run: its rows would be jobs of an unknown kind to the
// app servers that start on it next.
await handle.db.deleteFrom('delivery_jobs').where('target_kind', '=', 'bench').execute();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
process.stdout.write(
  `${JSON.stringify({ commitsPerSecond: Math.round(latencies.length / seconds), p99Ms: Number(p99.toFixed(2)), concurrentCommitsPerSecond: Math.round(concurrent / seconds), concurrentCallers: CONCURRENT_CALLERS, dialect: handle.dialect })}\n`,
);
