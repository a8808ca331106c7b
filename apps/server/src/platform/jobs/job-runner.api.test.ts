import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppDeps, buildApp } from '../../app.ts';
import { buildTestApp, TEST_SCRYPT, type TestApp, testAppConfig, unique } from '../../test/build-test-app.ts';
import { startOwnBroker } from '../../test/mqtt-broker.ts';
import { mqttFixtures } from '../../test/mqtt-fixtures.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import { openDatabase } from '../db/database.ts';
import { createLogger } from '../logging/logger.ts';
import { createJobRunner, type JobRunner } from './job-runner.ts';
import { createProbeTargets, type EventProbe } from './probe-target.ts';

// Every test counts deliveries at the receiver (an HTTP server, a broker, a probe): exactly one
// per job when nothing failed, however slow the receiver and whoever else claims.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Short leases make a lease that is not renewed end during a slow delivery within seconds. */
const SHORT_LEASE = { jobLeaseMs: 2_000, jobPollMs: 50 };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function app(dialect: (typeof TEST_DIALECTS)[number], overrides: Partial<AppDeps> = {}) {
  const t = await buildTestApp(dialect, overrides);
  cleanups.push(() => t.close());
  return t;
}

/** Another instance on the database of `t`: on PostgreSQL with its own pool, as another process. */
async function appOn(t: TestApp, overrides: Partial<AppDeps>) {
  const ownHandle = t.database.dialect === 'postgres';
  const database = ownHandle
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
    if (ownHandle) await database.close();
  });
  return { app, services };
}

async function receiver(options: Parameters<typeof startWebhookReceiver>[0]) {
  const started = await startWebhookReceiver(options);
  cleanups.push(() => started.close());
  return started;
}

async function webhookTo(
  t: TestApp,
  manager: { auth: Record<string, string> },
  resourceId: number,
  url: string,
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/resources/${resourceId}/webhooks`,
    headers: manager.auth,
    payload: { name: 'Relay', url },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>();
}

const deliveryIds = (received: WebhookReceiver) =>
  received.requests.map((request) => Number(request.headers['x-webhook-id']));

async function jobStates(t: TestApp, kind: string, targetId: string) {
  return t.database.db
    .selectFrom('delivery_jobs')
    .select(['id', 'state', 'attempts', 'lease_until'])
    .where('target_kind', '=', kind)
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}

describe.each(TEST_DIALECTS)('the job runner on %s', (dialect) => {
  it('sends each webhook request once when the receiver answers after the lease would have ended', {
    timeout: 90_000,
  }, async () => {
    const slow = await receiver({ answer: () => ({ status: 200, delayMs: 3_000 }) });
    const t = await app(dialect, SHORT_LEASE);
    // A second instance claims too (on SQLite a second runner on the same file).
    await appOn(t, SHORT_LEASE);
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    const hook = await webhookTo(t, manager, resource.id, slow.url);
    await given.start(manager, resource.id);
    await given.end(manager, resource.id);
    await given.start(manager, resource.id);

    await expect
      .poll(async () => (await jobStates(t, 'webhook', String(hook.id))).map((job) => job.state), {
        timeout: 60_000,
        interval: 200,
      })
      .toEqual(['done', 'done', 'done']);
    // A second request for a job whose lease had run out would arrive meanwhile.
    await pause(2 * SHORT_LEASE.jobLeaseMs);
    const jobs = await jobStates(t, 'webhook', String(hook.id));
    expect(deliveryIds(slow)).toEqual(jobs.map((job) => job.id));
    expect(jobs.map((job) => job.attempts)).toEqual([1, 1, 1]);
  });

  it('publishes each MQTT message of a takeover once when the broker is slow to acknowledge', {
    timeout: 90_000,
  }, async () => {
    const prefix = unique('slow-broker');
    // Each PUBACK comes 1.2 s late: a takeover's three messages take longer than the lease.
    const broker = await startOwnBroker({
      authorizePublish: (_client, packet, callback) => {
        if (packet.topic.startsWith(`${prefix}/`)) setTimeout(() => callback(null), 1_200);
        else callback(null);
      },
    });
    cleanups.push(() => broker.close());
    const t = await app(dialect, SHORT_LEASE);
    await appOn(t, SHORT_LEASE);
    const given = resourceFixtures(t);
    const mqtt = mqttFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const second = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager, { allowTakeOver: true });
    const server = await mqtt.server(manager, { host: broker.host, port: broker.port });
    const configuration = await mqtt.configuration(manager, resource.id, server.id, {
      prefix,
      takeoverTopic: `${prefix}/taken`,
      takeoverMessage: '{{previousUser.username}} -> {{user.username}}',
      onTakeoverSendStart: true,
      onTakeoverSendStop: true,
      onTakeoverSendTakeover: true,
    });
    expect((await given.start(manager, resource.id)).statusCode).toBe(201);
    expect((await given.start(second, resource.id, { forceTakeOver: true })).statusCode).toBe(201);

    await expect
      .poll(async () => (await jobStates(t, 'mqtt', String(configuration.id))).map((job) => job.state), {
        timeout: 60_000,
        interval: 200,
      })
      .toEqual(['done', 'done']);
    await pause(2 * SHORT_LEASE.jobLeaseMs);
    const ours = broker.published.filter((message) => message.topic.startsWith(`${prefix}/`));
    expect(ours.map((message) => [message.topic, message.payload])).toEqual([
      [`${prefix}/in-use`, `on ${manager.username}`],
      [`${prefix}/available`, `off ${manager.username}`],
      [`${prefix}/in-use`, `on ${second.username}`],
      [`${prefix}/taken`, `${manager.username} -> ${second.username}`],
    ]);
  });

  it('lets a delivery under way finish when the app closes, begins nothing more, and hands the rest back', {
    timeout: 90_000,
  }, async () => {
    const slow = await receiver({ answer: (index) => ({ status: 200, delayMs: index === 0 ? 3_000 : 0 }) });
    const t = await app(dialect, { jobPollMs: 50 });
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    const hook = await webhookTo(t, manager, resource.id, slow.url);
    // Three jobs of one order, taken by one claim: the first is delivered, two wait behind it.
    await t.services.jobRunner.stop();
    await given.start(manager, resource.id);
    await given.end(manager, resource.id);
    await given.start(manager, resource.id);
    t.services.jobRunner.start();
    await slow.waitFor(1, 20_000);

    // Closing the app stops the runner; the database is closed after this (main.ts).
    await t.app.close();
    const afterClose = await jobStates(t, 'webhook', String(hook.id));
    expect(afterClose.map((job) => [job.state, job.attempts, job.lease_until])).toEqual([
      ['done', 1, null],
      ['pending', 0, null],
      ['pending', 0, null],
    ]);
    await pause(1_000);
    expect(slow.requests).toHaveLength(1);

    // The next start delivers the two that were handed back, once each, in order.
    await appOn(t, { jobPollMs: 50 });
    await slow.waitFor(3, 20_000);
    await pause(500);
    expect(deliveryIds(slow)).toEqual(afterClose.map((job) => job.id));
  });

  it('leaves jobs of a kind it does not know pending for an instance that knows it, warning once', {
    timeout: 90_000,
  }, async () => {
    const warnings: { targetKind?: string; msg: string }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) warnings.push(JSON.parse(line));
        done();
      },
    });
    const probed: number[] = [];
    const newerProbe: EventProbe = { name: 'newer-kind', handle: (_event, job) => void probed.push(job.id) };
    // The newer version knows the probe kind and writes its jobs; it is not delivering yet.
    const newer = await app(dialect, { eventConsumers: [newerProbe], jobPollMs: 50 });
    await newer.services.jobRunner.stop();
    // The older version, on the same database, knows webhooks but not that kind.
    await appOn(newer, { jobPollMs: 50, logger: pino({ level: 'warn' }, sink) });
    const hooks = await receiver({});
    const given = resourceFixtures(newer);
    const manager = await newer.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    await webhookTo(newer, manager, resource.id, hooks.url);
    await given.start(manager, resource.id);
    await hooks.waitFor(1, 20_000);
    // More jobs of the unknown kind than one claim takes, older than the next known ones.
    const [first] = await jobStates(newer, 'probe', 'newer-kind');
    const event = await newer.database.db
      .selectFrom('delivery_jobs')
      .select('event_id')
      .where('id', '=', first?.id ?? 0)
      .executeTakeFirstOrThrow();
    await newer.services.jobStore.insert(
      newer.database.db,
      Array.from({ length: 300 }, () => ({
        targetKind: 'probe',
        targetId: 'newer-kind',
        eventId: event.event_id,
      })),
      new Date(),
    );
    await given.end(manager, resource.id);
    await given.start(manager, resource.id);

    await hooks.waitFor(3, 20_000);
    const unknown = (entry: { msg: string }) => entry.msg.includes('does not know');
    await expect.poll(() => warnings.filter(unknown), { timeout: 10_000 }).toHaveLength(1);
    expect(warnings.filter(unknown)[0]).toMatchObject({ targetKind: 'probe' });
    // Many polls and several checks later: still one warning, every job of that kind untouched.
    await pause(1_500);
    expect(warnings.filter(unknown)).toHaveLength(1);
    const waiting = await jobStates(newer, 'probe', 'newer-kind');
    // The probe wants every event: the resource's creation and the three usage events besides.
    expect(waiting.length).toBeGreaterThan(300);
    expect(
      waiting.every((job) => job.state === 'pending' && job.attempts === 0 && job.lease_until === null),
    ).toBe(true);
    expect(new Set(deliveryIds(hooks)).size).toBe(3);
    expect(hooks.requests).toHaveLength(3);

    // The newer instance delivers them, each once.
    newer.services.jobRunner.start();
    await expect.poll(() => probed.length, { timeout: 30_000 }).toBe(waiting.length);
    await pause(500);
    expect([...probed].sort((a, b) => a - b)).toEqual(waiting.map((job) => job.id));
  });
});

describe.each(TEST_DIALECTS)('the job runner with a controllable clock on %s', (dialect) => {
  /** Real time plus `offset`; `jumpOnNextRead` moves it on right after the next reading. */
  function controllableClock() {
    const clock = {
      offset: 0,
      jumpOnNextRead: 0,
      now() {
        const now = new Date(Date.now() + clock.offset);
        clock.offset += clock.jumpOnNextRead;
        clock.jumpOnNextRead = 0;
        return now;
      },
    };
    return clock;
  }

  /** An app whose runner is stopped, with one probe job written, and runners on it to start. */
  async function setUp() {
    const deliveries: number[] = [];
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const probe: EventProbe = {
      name: 'clocked',
      handle: async (event, job) => {
        if (!event.type.startsWith('usage.')) return;
        deliveries.push(job.id);
        await gate;
      },
    };
    const t = await app(dialect, { eventConsumers: [probe] });
    await t.services.jobRunner.stop();
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    await given.start(manager, resource.id);
    const clock = controllableClock();
    const runner = (): JobRunner => {
      const created = createJobRunner({
        db: t.database.db,
        store: t.services.jobStore,
        kinds: [createProbeTargets([probe])],
        logger: createLogger('silent'),
        now: () => clock.now(),
        pollMs: 50,
      });
      cleanups.push(() => created.stop());
      return created;
    };
    const usageJob = async () => {
      const jobs = await t.database.db
        .selectFrom('delivery_jobs')
        .innerJoin('outbox_events', 'outbox_events.id', 'delivery_jobs.event_id')
        .select(['delivery_jobs.id', 'delivery_jobs.state', 'delivery_jobs.attempts'])
        .where('delivery_jobs.target_id', '=', 'clocked')
        .where('outbox_events.type', '=', 'usage.started')
        .execute();
      return jobs[0];
    };
    cleanups.push(async () => open());
    return { t, clock, runner, deliveries, open: () => open(), usageJob };
  }

  it('hands back a job whose claim committed with too little of its lease left, and delivers it once', {
    timeout: 60_000,
  }, async () => {
    const { clock, runner, deliveries, open, usageJob } = await setUp();
    // The claim reads the clock, then commits 50 s later (a database that was busy meanwhile):
    // of its 60 s lease 10 s are left, less than the probe's longest delivery needs.
    clock.jumpOnNextRead = 50_000;
    const first = runner();
    first.start();
    await expect.poll(() => clock.jumpOnNextRead).toBe(0);
    runner().start();
    await expect.poll(() => deliveries.length, { timeout: 10_000 }).toBe(1);
    // 65 s after the first claim's clock: its lease would be over, the new one is not.
    clock.offset += 15_000;
    await pause(1_000);
    expect(deliveries).toHaveLength(1);
    open();
    await expect.poll(async () => (await usageJob())?.state, { timeout: 10_000 }).toBe('done');
    // The attempt of the claim that was handed back untried is not counted.
    expect((await usageJob())?.attempts).toBe(1);
    expect(deliveries).toHaveLength(1);
  });

  it('never starts a second delivery of a job it still runs, even after its lease ran out', {
    timeout: 60_000,
  }, async () => {
    const { clock, runner, deliveries, open, usageJob } = await setUp();
    const only = runner();
    only.start();
    await expect.poll(() => deliveries.length, { timeout: 10_000 }).toBe(1);
    // The clock passes the lease before any renewal: the next claims take the job again.
    clock.offset += 120_000;
    await pause(1_000);
    expect(deliveries).toHaveLength(1);
    open();
    await expect.poll(async () => (await usageJob())?.state, { timeout: 10_000 }).toBe('done');
    expect(deliveries).toHaveLength(1);
  });
});
