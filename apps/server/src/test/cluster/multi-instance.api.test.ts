import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.ts';
import { openEventStream } from '../event-stream-client.ts';
import { multipart } from '../resource-fixtures.ts';
import { TEST_DIALECTS } from '../test-database.ts';
import { startWebhookReceiver } from '../webhook-receiver.ts';
import { type NginxProxy, startNginxProxy } from './nginx-proxy.ts';
import { processOfConnectionFrom } from './ports.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

type Actor = { token: string; auth: { authorization: string } };

/**
 * Two Toolpass processes on one PostgreSQL behind nginx with the documented configuration
 * (issue 31). The test app in this process only seeds accounts into the shared database; every
 * request under test goes to the processes, through the proxy unless a test must name one.
 */
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))(
  'two instances behind nginx on %s',
  (dialect) => {
    let seed: TestApp;
    let instances: ServerProcess[] = [];
    let proxy: NginxProxy;
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

    beforeAll(async () => {
      seed = await buildTestApp(dialect);
      receiver = await startWebhookReceiver();
      const env = {
        DATABASE_URL: seed.database.databaseUrl ?? '',
        SECRET_KEY: seed.config.secretKey ?? '',
        SMTP_URL: seed.smtp.url,
        ALLOWED_INTEGRATION_HOSTS: 'external,loopback',
        TRUST_PROXY: '127.0.0.1',
      };
      // One after the other: the first migrates (nothing left to do after the seed), the second finds it done.
      instances = [await startServerProcess(env)];
      instances.push(await startServerProcess(env));
      proxy = await startNginxProxy(instances.map((instance) => instance.port));
    }, 90_000);

    afterAll(async () => {
      await proxy?.stop();
      await Promise.all(instances.map((instance) => instance.stop()));
      await receiver?.close();
      await seed?.close();
    });

    const call = (actor: Actor, method: string, path: string, body?: object) =>
      fetch(`${proxy.url}${path}`, {
        method,
        headers: { ...actor.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    async function createResource(manager: Actor, name: string): Promise<{ id: number; instance: string }> {
      const form = await multipart({ name, allowTakeOver: 'false' });
      const response = await fetch(`${proxy.url}/api/resources`, {
        method: 'POST',
        headers: { ...manager.auth, ...form.headers },
        body: new Uint8Array(form.payload),
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: number };
      return { id, instance: response.headers.get('x-upstream') ?? '' };
    }

    const otherThan = (upstream: string) => {
      const other = instances.find((instance) => !upstream.endsWith(`:${instance.port}`));
      if (!other) throw new Error(`no instance other than ${upstream}`);
      return other;
    };

    it('spreads requests over both instances', async () => {
      const member = await seed.given.member();
      const upstreams = new Set<string>();
      for (let index = 0; index < 6; index += 1) {
        const response = await call(member, 'GET', '/api/resources');
        expect(response.status).toBe(200);
        upstreams.add(response.headers.get('x-upstream') ?? '');
      }
      expect([...upstreams].sort()).toEqual(instances.map((instance) => `127.0.0.1:${instance.port}`).sort());
    });

    it('shows a session started on one instance on both instances’ streams within 100 ms', async () => {
      const manager = await seed.given.user({ canManageResources: true });
      const resource = await createResource(manager, 'Laser cutter');
      // Through the proxy, streams land on both instances in turn; one of each is kept.
      const streams = new Map<string, Awaited<ReturnType<typeof openEventStream>>>();
      const extra: Awaited<ReturnType<typeof openEventStream>>[] = [];
      for (let attempt = 0; attempt < 8 && streams.size < 2; attempt += 1) {
        const stream = await openEventStream(`${proxy.url}/api/resources/events`, manager.token);
        expect(stream.response.status).toBe(200);
        const upstream = stream.response.headers.get('x-upstream') ?? '';
        if (streams.has(upstream)) extra.push(stream);
        else streams.set(upstream, stream);
      }
      try {
        expect(streams.size).toBe(2);
        const started = await call(manager, 'POST', `/api/resources/${resource.id}/usage/start`, {});
        expect(started.status).toBe(201);
        const answeredAt = performance.now();
        for (const stream of streams.values()) {
          let frame = await stream.next(1_000);
          while (frame.event !== 'usage.started') frame = await stream.next(1_000);
          expect(performance.now() - answeredAt).toBeLessThan(100);
          expect(JSON.parse(frame.data).data).toMatchObject({ resourceId: resource.id });
        }
      } finally {
        for (const stream of [...streams.values(), ...extra]) stream.close();
      }
    });

    it('gives exactly one session to a race of 50 starts spread over both instances', async () => {
      const manager = await seed.given.user({ canManageResources: true });
      const resource = await createResource(manager, 'Band saw');
      const racers = await Promise.all(
        Array.from({ length: 50 }, () => seed.given.user({ canManageResources: true })),
      );
      const answers = await Promise.all(
        racers.map((racer) => call(racer, 'POST', `/api/resources/${resource.id}/usage/start`, {})),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(new Set(answers.map((answer) => answer.headers.get('x-upstream'))).size).toBe(2);
      const active = await call(manager, 'GET', `/api/resources/${resource.id}/usage/active`);
      expect(active.status).toBe(200);
    });

    it('reads a write made on one instance at once on the other', async () => {
      const manager = await seed.given.user({ canManageResources: true });
      for (let round = 0; round < 10; round += 1) {
        const resource = await createResource(manager, `Printer ${round}`);
        const other = otherThan(resource.instance);
        const read = await fetch(`${other.url}/api/resources/${resource.id}`, { headers: manager.auth });
        expect(read.status).toBe(200);
        expect(((await read.json()) as { name: string }).name).toBe(`Printer ${round}`);

        const form = await multipart({ name: `Printer ${round} (renamed)` });
        const renamed = await fetch(`${proxy.url}/api/resources/${resource.id}`, {
          method: 'PUT',
          headers: { ...manager.auth, ...form.headers },
          body: new Uint8Array(form.payload),
        });
        expect(renamed.status).toBe(200);
        const reader = otherThan(renamed.headers.get('x-upstream') ?? '');
        const reread = await fetch(`${reader.url}/api/resources/${resource.id}`, { headers: manager.auth });
        expect(((await reread.json()) as { name: string }).name).toBe(`Printer ${round} (renamed)`);
      }
    });

    it('delivers every webhook and every mail once overall, not once per instance', async () => {
      const manager = await seed.given.user({ canManageResources: true });
      const resource = await createResource(manager, 'Lathe');
      const webhook = await call(manager, 'POST', `/api/resources/${resource.id}/webhooks`, {
        name: 'Relay',
        url: `${receiver.url}/relay`,
      });
      expect(webhook.status).toBe(201);
      const before = receiver.requests.length;
      for (let cycle = 0; cycle < 10; cycle += 1) {
        expect((await call(manager, 'POST', `/api/resources/${resource.id}/usage/start`, {})).status).toBe(
          201,
        );
        expect((await call(manager, 'PUT', `/api/resources/${resource.id}/usage/end`, {})).status).toBe(200);
      }
      await receiver.waitFor(before + 20);
      // Time for a second delivery of any of them to arrive, were there one.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const deliveries = receiver.requests.slice(before).filter((request) => request.path === '/relay');
      expect(deliveries).toHaveLength(20);

      const members = await Promise.all(Array.from({ length: 6 }, () => seed.given.member()));
      for (const member of members) {
        const asked = await fetch(`${proxy.url}/api/users/reset-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: member.email }),
        });
        expect(asked.status).toBeLessThan(300);
      }
      for (const member of members) await seed.smtp.waitFor(member.email, undefined, 10_000);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const again = seed.smtp.mails.filter((mail) =>
        members.some((member) => mail.to.includes(member.email)),
      );
      expect(again).toEqual([]);
    });

    // Last: it kills an instance. A dead instance's lease runs out (a minute, the job runner's
    // default) before the other may deliver its job.
    it('loses nothing when an instance is killed: its leased job is delivered by the other, its stream reconnects to the other', async () => {
      const manager = await seed.given.user({ canManageResources: true });
      const resource = await createResource(manager, 'Drill press');
      expect(
        (
          await call(manager, 'POST', `/api/resources/${resource.id}/webhooks`, {
            name: 'Relay',
            url: `${receiver.url}/kill`,
            // Without retries a webhook gets one attempt, and one cut short by a crash counts.
            retryEnabled: true,
            maxRetries: 3,
          })
        ).status,
      ).toBe(201);
      // The first delivery is held: its instance dies while it is under way.
      const first = receiver.requests.length;
      receiver.answerWith((index) => (index === first ? { status: 200, delayMs: 120_000 } : { status: 200 }));
      expect((await call(manager, 'POST', `/api/resources/${resource.id}/usage/start`, {})).status).toBe(201);
      const [held] = (await receiver.waitFor(first + 1)).slice(first);
      const holder = instances.find(
        (instance) => instance.pid === processOfConnectionFrom(held?.remotePort ?? 0),
      );
      if (!holder) throw new Error('no instance holds the delivery');
      const survivor = instances.find((instance) => instance !== holder);
      if (!survivor) throw new Error('no other instance');

      // A stream on the instance about to die.
      let doomed: Awaited<ReturnType<typeof openEventStream>> | undefined;
      const others: Awaited<ReturnType<typeof openEventStream>>[] = [];
      for (let attempt = 0; attempt < 8 && !doomed; attempt += 1) {
        const stream = await openEventStream(`${proxy.url}/api/resources/events`, manager.token);
        if (stream.response.headers.get('x-upstream')?.endsWith(`:${holder.port}`)) doomed = stream;
        else others.push(stream);
      }
      for (const stream of others) stream.close();
      if (!doomed) throw new Error('no stream reached the instance to kill');

      await holder.kill();
      await doomed.ended;
      // The browser's reconnect goes through the proxy, which now reaches only the survivor.
      const reconnected = await openEventStream(`${proxy.url}/api/resources/events`, manager.token);
      try {
        expect(reconnected.response.status).toBe(200);
        expect(reconnected.response.headers.get('x-upstream')).toBe(`127.0.0.1:${survivor.port}`);
        expect((await call(manager, 'PUT', `/api/resources/${resource.id}/usage/end`, {})).status).toBe(200);
        let frame = await reconnected.next(2_000);
        while (frame.event !== 'usage.ended') frame = await reconnected.next(2_000);

        // The held usage.started comes again from the survivor once the dead lease ran out, then
        // the usage.ended queued behind it, in order.
        const delivered = await receiver.waitFor(first + 3, 100_000);
        const retried = delivered.slice(first + 1, first + 3);
        expect(retried[0]?.body).toBe(held?.body);
        expect(retried[1]?.body).toContain('not_in_use');
      } finally {
        reconnected.close();
      }
    }, 150_000);
  },
);
