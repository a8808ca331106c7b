import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppDeps, buildApp } from '../../app.ts';
import { buildTestApp, TEST_SCRYPT, type TestApp, testAppConfig } from '../../test/build-test-app.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { openDatabase } from '../db/database.ts';
import type { OutboxEnvelope } from '../events/outbox.ts';
import { createLogger } from '../logging/logger.ts';
import type { RetryPolicy } from './delivery-target.ts';
import type { EventProbe } from './probe-target.ts';
import { TIMED_ACTION_KIND } from './timed-actions.ts';

const CLAIMER = fileURLToPath(new URL('../../test/fixtures/job-claimer.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));

/** Retries quickly, so a test sees the backoff without waiting seconds for it. */
const quickRetry = (maxAttempts: number): RetryPolicy => ({ maxAttempts, delayMs: () => 150 });
const usageEvents = (events: OutboxEnvelope[]) => events.filter((event) => event.type.startsWith('usage.'));

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(dialect: (typeof TEST_DIALECTS)[number], overrides: Partial<AppDeps> = {}) {
  const t = await buildTestApp(dialect, overrides);
  cleanups.push(() => t.close());
  return t;
}

/** A second app on the database of `t`, as after a restart or as another instance. */
async function appOn(t: TestApp, overrides: Partial<AppDeps>, options: { ownHandle?: boolean } = {}) {
  const database = options.ownHandle
    ? await openDatabase({ dataDir: t.database.dataDir, databaseUrl: t.database.databaseUrl })
    : t.database;
  const { app, services } = await buildApp({
    config: testAppConfig(t.database, t.smtp.url),
    database,
    logger: createLogger('silent'),
    scrypt: TEST_SCRYPT,
    webDistDir: t.database.dataDir,
    ...overrides,
  });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    if (options.ownHandle) await database.close();
  });
  return { app, services, database };
}

describe.each(TEST_DIALECTS)('delivery jobs on %s', (dialect) => {
  it('keeps started, ended, started in order at a target whose first attempt failed', async () => {
    const received: string[] = [];
    let failed = false;
    const probe: EventProbe = {
      name: 'relay',
      retry: quickRetry(5),
      handle(event) {
        if (!event.type.startsWith('usage.')) return;
        if (!failed) {
          failed = true;
          throw new Error('relay unreachable');
        }
        received.push(event.type);
      },
    };
    const t = await app(dialect, { eventConsumers: [probe] });
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    // All three are committed while the first is still waiting for its retry.
    expect((await given.start(manager, resource.id)).statusCode).toBe(201);
    expect((await given.end(manager, resource.id)).statusCode).toBe(200);
    expect((await given.start(manager, resource.id)).statusCode).toBe(201);
    await expect
      .poll(() => received, { timeout: 5_000 })
      .toEqual(['usage.started', 'usage.ended', 'usage.started']);
    // Outcomes are written after the delivery, in a batch of their own.
    const firstStarted = async () => {
      const log = await t.services.jobStore.log(t.database.db, { kind: 'probe', id: 'relay' }, 10);
      return log.filter((entry) => entry.eventType === 'usage.started').at(-1);
    };
    await expect
      .poll(firstStarted, { timeout: 5_000 })
      .toMatchObject({ state: 'done', attempts: 2, lastError: null });
  });

  it('takes the jobs queued behind a due one in the same claim, and counts only attempts made', async () => {
    const t = await app(dialect, { eventConsumers: [{ name: 'queue-probe', handle: () => undefined }] });
    await t.services.jobRunner.stop();
    const db = t.database.db;
    const store = t.services.jobStore;
    const now = new Date();
    const jobs = [1, 2, 3].map(() => ({ targetKind: 'probe', targetId: 'queue-probe', resourceId: 424242 }));
    await store.insert(
      db,
      [...jobs, { targetKind: 'probe', targetId: 'queue-probe', resourceId: null }],
      now,
    );
    const claimed = await store.claim(db, {
      now: new Date(now.getTime() + 1),
      leaseUntil: new Date(now.getTime() + 60_000),
      limit: 10,
      kinds: ['probe'],
      exclude: [],
    });
    const ordered = claimed.filter((job) => job.resourceId === 424242);
    expect(ordered).toHaveLength(3);
    expect(ordered.map((job) => job.id)).toEqual([...ordered.map((job) => job.id)].sort((a, b) => a - b));
    expect(ordered.map((job) => job.attempts)).toEqual([1, 1, 1]);
    // Stored, only the first job's attempt counts: the others may never be tried by this claimer.
    const stored = await db
      .selectFrom('delivery_jobs')
      .select(['id', 'attempts', 'lease_until'])
      .where('resource_id', '=', 424242)
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.attempts)).toEqual([1, 0, 0]);
    expect(stored.every((row) => row.lease_until !== null)).toBe(true);
    // Nobody else can take them meanwhile.
    const again = await store.claim(db, {
      now: new Date(now.getTime() + 2),
      leaseUntil: new Date(now.getTime() + 60_000),
      limit: 10,
      kinds: ['probe'],
      exclude: [],
    });
    expect(again.filter((job) => job.resourceId === 424242)).toEqual([]);
  });

  it('after a failure in the middle of a queue, gives the rest back untried and keeps the order', async () => {
    const received: string[] = [];
    let failures = 0;
    let gate: (() => void) | undefined;
    const opened = new Promise<void>((resolve) => {
      gate = resolve;
    });
    const probe: EventProbe = {
      name: 'queue-relay',
      retry: quickRetry(5),
      async handle(event) {
        if (!event.type.startsWith('usage.')) return;
        // The first start waits until all four changes are committed, so they are one queue.
        if (received.length === 0 && failures === 0) await opened;
        if (event.type === 'usage.ended' && failures === 0) {
          failures += 1;
          throw new Error('relay busy');
        }
        received.push(event.type);
      },
    };
    const t = await app(dialect, { eventConsumers: [probe] });
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    expect((await given.start(manager, resource.id)).statusCode).toBe(201);
    expect((await given.end(manager, resource.id)).statusCode).toBe(200);
    expect((await given.start(manager, resource.id)).statusCode).toBe(201);
    expect((await given.end(manager, resource.id)).statusCode).toBe(200);
    gate?.();
    await expect
      .poll(() => received, { timeout: 5_000 })
      .toEqual(['usage.started', 'usage.ended', 'usage.started', 'usage.ended']);
    const usage = async () =>
      (await t.services.jobStore.log(t.database.db, { kind: 'probe', id: 'queue-relay' }, 10))
        .filter((entry) => entry.eventType?.startsWith('usage.'))
        .reverse()
        .map((entry) => [entry.eventType, entry.state, entry.attempts]);
    // The failed job was tried twice; every other one once, whether it was given back or not.
    // (Outcomes are written just after the deliveries the probe saw.)
    await expect.poll(usage).toEqual([
      ['usage.started', 'done', 1],
      ['usage.ended', 'done', 2],
      ['usage.started', 'done', 1],
      ['usage.ended', 'done', 1],
    ]);
  });

  it('does not let a target that is down or hangs delay another target', async () => {
    const healthy: number[] = [];
    const hanging: (() => void)[] = [];
    const t = await app(dialect, {
      eventConsumers: [
        {
          name: 'down',
          retry: quickRetry(100),
          handle: () => {
            throw new Error('connect ECONNREFUSED');
          },
        },
        { name: 'hanging', handle: () => new Promise<void>((resolve) => void hanging.push(resolve)) },
        { name: 'healthy', handle: (event) => void healthy.push(event.id) },
      ],
    });
    // Lets the hanging deliveries end before the app stops, which would wait for them.
    cleanups.push(async () => {
      for (const release of hanging) release();
    });
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const resources = [];
    // More resources than a target may have jobs under way at once.
    for (let index = 0; index < 20; index += 1) resources.push(await given.resource(manager));
    const startedAt = Date.now();
    for (const resource of resources) await given.start(manager, resource.id);
    await expect.poll(() => healthy.length, { timeout: 2_000 }).toBeGreaterThanOrEqual(40);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });

  it('keeps a job that used up its attempts as failed, with its error, and goes on with the next', async () => {
    const delivered: string[] = [];
    const t = await app(dialect, {
      eventConsumers: [
        {
          name: 'strict',
          retry: quickRetry(2),
          handle(event) {
            if (event.type === 'usage.started') throw new Error('HTTP 500 from the relay');
            if (event.type.startsWith('usage.')) delivered.push(event.type);
          },
        },
      ],
    });
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    await given.start(manager, resource.id);
    await given.end(manager, resource.id);
    await expect.poll(() => delivered, { timeout: 5_000 }).toEqual(['usage.ended']);
    const log = await t.services.jobStore.log(t.database.db, { kind: 'probe', id: 'strict' }, 10);
    expect(log.find((entry) => entry.eventType === 'usage.started')).toMatchObject({
      state: 'failed',
      attempts: 2,
      lastError: 'HTTP 500 from the relay',
      finishedAt: expect.any(Date),
    });
  });

  it('delivers jobs committed before the app stopped once a new app runs on the same database', async () => {
    const before: OutboxEnvelope[] = [];
    const after: OutboxEnvelope[] = [];
    const t = await app(dialect, {
      eventConsumers: [{ name: 'restart-probe', handle: (event) => void before.push(event) }],
    });
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    // As if the process died right after its commits: nothing is delivered any more.
    await t.services.jobRunner.stop();
    await given.start(manager, resource.id);
    await given.end(manager, resource.id);
    await t.app.close();
    expect(usageEvents(before)).toEqual([]);

    await appOn(t, {
      eventConsumers: [{ name: 'restart-probe', handle: (event) => void after.push(event) }],
    });
    await expect
      .poll(() => usageEvents(after).map((event) => event.type))
      .toEqual(['usage.started', 'usage.ended']);
    expect(usageEvents(after)[0]).toMatchObject({ v: 1, data: { resourceId: resource.id } });
    // The recurring reminder sweep (a timed action, decision 21) is always planned ahead.
    const pending = async () =>
      (
        await t.database.db
          .selectFrom('delivery_jobs')
          .select('id')
          .where('state', '=', 'pending')
          .where('target_kind', '!=', TIMED_ACTION_KIND)
          .execute()
      ).length;
    await expect.poll(pending).toBe(0);
  });

  it('runs the job of a claimer killed mid-delivery again once its lease has expired', async () => {
    const seen: { jobId: number; attempts: number }[] = [];
    const t = await app(dialect, {
      // Registered here so the jobs are written; this app delivers nothing.
      eventConsumers: [{ name: 'crash-probe', handle: () => undefined }],
    });
    await t.services.jobRunner.stop();
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    await given.start(manager, resource.id);
    // SQLite allows one process on the file: the child takes it over.
    await t.app.close();
    if (dialect === 'sqlite') await t.database.close();

    const child = spawn(
      process.execPath,
      [
        '--disable-warning=ExperimentalWarning',
        CLAIMER,
        t.database.dataDir,
        t.database.databaseUrl ?? '',
        'crash-probe',
        '1000',
      ],
      { cwd: SERVER_DIR, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    cleanups.push(async () => {
      child.kill('SIGKILL');
      await exited;
    });
    await expect.poll(() => output, { timeout: 15_000 }).toMatch(/delivering \d+ 1\n/);
    child.kill('SIGKILL');
    await exited;
    const jobIds = [...output.matchAll(/delivering (\d+) 1/g)].map((match) => Number(match[1]));

    const reopened = await appOn(
      t,
      {
        eventConsumers: [
          {
            name: 'crash-probe',
            handle: (_event, job) => void seen.push({ jobId: job.id, attempts: job.attempts }),
          },
        ],
      },
      { ownHandle: dialect === 'sqlite' },
    );
    await expect
      .poll(() => seen.map((entry) => entry.jobId).sort(), { timeout: 5_000 })
      .toEqual(expect.arrayContaining(jobIds));
    for (const jobId of jobIds) expect(seen.find((entry) => entry.jobId === jobId)?.attempts).toBe(2);
    const log = () =>
      reopened.services.jobStore.log(reopened.database.db, { kind: 'probe', id: 'crash-probe' }, 50);
    await expect
      .poll(async () =>
        (await log()).filter((entry) => jobIds.includes(entry.id)).map((entry) => entry.state),
      )
      .toEqual(jobIds.map(() => 'done'));
  });
});

// Only PostgreSQL has other instances; SQLite's file is held by one process.
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))(
  'delivery jobs shared by two instances on %s',
  (dialect) => {
    it('delivers each job once while both instances claim', async () => {
      const deliveries: { instance: string; jobId: number }[] = [];
      const probe = (instance: string): EventProbe => ({
        name: 'shared',
        // Slow enough that both instances hold jobs at the same time.
        handle: async (_event, job) => {
          deliveries.push({ instance, jobId: job.id });
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
      });
      const a = await app(dialect, { eventConsumers: [probe('a')], jobPollMs: 50 });
      await appOn(a, { eventConsumers: [probe('b')], jobPollMs: 50 }, { ownHandle: true });
      const given = resourceFixtures(a);
      const manager = await a.given.user({ canManageResources: true });
      const before = deliveries.length;
      const resources = [];
      for (let index = 0; index < 150; index += 1) resources.push(await given.resource(manager));
      // All at once: more jobs than one instance takes for one target (16 at a time, 20 ms each),
      // so the other finds work at its next poll however fast the first one is.
      await Promise.all(resources.map((resource) => given.start(manager, resource.id)));
      await expect.poll(() => deliveries.length - before, { timeout: 15_000 }).toBeGreaterThanOrEqual(300);
      // Anything delivered twice would show up a little later.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ids = deliveries.map((delivery) => delivery.jobId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(deliveries.map((delivery) => delivery.instance))).toEqual(new Set(['a', 'b']));
    });
  },
);
