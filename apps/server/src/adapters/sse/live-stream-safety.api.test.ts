import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { openEventStream } from '../../test/event-stream-client.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { linkIn } from '../../test/smtp-capture.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { MAX_STREAMS_PER_ACCOUNT, MAX_UNSENT_BYTES } from './resource-event-hub.ts';

describe.each(TEST_DIALECTS)('live streams that leak nothing on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let baseUrl: string;
  let port: number;
  const streams: { close(): void }[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    baseUrl = `http://127.0.0.1:${port}`;
  });
  // Each test starts with no stream open: the clients here keep every frame they are sent, in
  // this process, which would blur the memory measured below.
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await expect.poll(() => t.services.resourceEventHub.streamCount()).toBe(0);
  });
  afterAll(() => t?.close());

  async function open(path: string, token: string) {
    const stream = await openEventStream(`${baseUrl}${path}`, token);
    expect(stream.response.status).toBe(200);
    streams.push(stream);
    return stream;
  }

  /** Every frame's data until one of `type` for the resource arrives. */
  async function framesUntil(stream: Awaited<ReturnType<typeof open>>, type: string) {
    const seen: string[] = [];
    for (;;) {
      const frame = await stream.next(2_000);
      seen.push(frame.data);
      if (frame.event === type) return seen;
    }
  }

  it("keeps other members' notes and comments out of a member's frames on both routes; a manager sees them", async () => {
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    const [user, watcher] = [await t.given.member(), await t.given.member()];
    const watchAll = await open('/api/resources/events', watcher.token);
    const watchOne = await open(`/api/resources/${resource.id}/events`, watcher.token);
    const managerAll = await open('/api/resources/events', manager.token);

    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/resources/${resource.id}/introductions/${user.id}/grant`,
      headers: manager.auth,
      payload: { comment: 'MARKER-comment' },
    });
    expect(comment.statusCode).toBeLessThan(300);
    expect((await given.start(user, resource.id, { notes: 'MARKER-start' })).statusCode).toBe(201);
    expect((await given.end(user, resource.id, { notes: 'MARKER-end' })).statusCode).toBe(200);

    for (const stream of [watchAll, watchOne]) {
      const frames = (await framesUntil(stream, 'usage.ended')).join('\n');
      expect(frames).toContain('usage.ended');
      expect(frames).not.toContain('MARKER');
      expect(frames).toContain(`"resourceId":${resource.id}`);
    }
    const seenByManager = (await framesUntil(managerAll, 'usage.ended')).join('\n');
    for (const marker of ['MARKER-comment', 'MARKER-start', 'MARKER-end']) {
      expect(seenByManager).toContain(marker);
    }
    // What the manager's frames show, the API shows them too.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/resources/${resource.id}/usage/history?page=1&limit=5`,
      headers: manager.auth,
    });
    expect(history.json().data[0]).toMatchObject({ startNotes: 'MARKER-start', endNotes: 'MARKER-end' });
  });

  it("ends a member's streams within 5 s of signing out", async () => {
    const member = await t.given.member();
    const resource = await given.resource(await t.given.user({ canManageResources: true }));
    const all = await open('/api/resources/events', member.token);
    const one = await open(`/api/resources/${resource.id}/events`, member.token);
    const signedOutAt = Date.now();
    const signOut = await t.app.inject({ method: 'DELETE', url: '/api/auth/session', headers: member.auth });
    expect(signOut.statusCode).toBeLessThan(300);
    await Promise.all([all.ended, one.ended]);
    expect(Date.now() - signedOutAt).toBeLessThan(5_000);
  });

  it("ends a member's streams within 5 s of a password change, and when their rights change", async () => {
    const member = await t.given.member();
    const stream = await open('/api/resources/events', member.token);
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { email: member.email },
    });
    expect(requested.statusCode).toBe(200);
    const link = linkIn(await t.smtp.waitFor(member.email, /Reset your password/), '/reset-password');
    const changedAt = Date.now();
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/users/${member.id}/change-password`,
      payload: { token: link.searchParams.get('token'), password: 'a brand new password' },
    });
    expect(changed.statusCode).toBe(200);
    await stream.ended;
    expect(Date.now() - changedAt).toBeLessThan(5_000);

    const promoted = await t.given.member();
    const promotedStream = await open('/api/resources/events', promoted.token);
    const userManager = await t.given.userManager();
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${promoted.id}/permissions`,
      headers: userManager.auth,
      payload: { canManageResources: true, canManageSystemConfiguration: false, canManageUsers: false },
    });
    expect(patch.statusCode).toBe(200);
    const patchedAt = Date.now();
    await promotedStream.ended;
    expect(Date.now() - patchedAt).toBeLessThan(5_000);
  });

  it('closes the first stream of an account when it opens a ninth', async () => {
    const member = await t.given.member();
    const opened = [];
    for (let index = 0; index < MAX_STREAMS_PER_ACCOUNT; index += 1) {
      opened.push(await open('/api/resources/events', member.token));
    }
    const ninth = await open('/api/resources/events', member.token);
    await opened[0]?.ended;
    // The others, the ninth included, stay open and keep receiving.
    const manager = await t.given.user({ canManageResources: true });
    await given.resource(manager);
    expect((await ninth.next(1_000)).event).toBe('resource.created');
    expect((await opened[1]?.next(1_000))?.event).toBe('resource.created');
  });

  // Its work is counted in bytes, not time: up to 9,000 start/end cycles, which take 10-30 s on
  // PostgreSQL depending on the disk's commit rate (the default 30 s ran out once in CI).
  it('cuts off a reader that never reads once 1 MiB is unsent, and the server memory stays flat', async () => {
    // A client that sends its request and then never reads a byte.
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    const socket = net.connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.pause();
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      `GET /api/resources/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${manager.token}\r\n\r\n`,
    );
    const subscribers = () => t.services.resourceEventHub.subscriberCount('all');
    await expect.poll(subscribers).toBe(1);
    const account = (await t.services.users.accounts.findByAuthSessionToken(manager.token)) as UserAccount;

    const retained = () => {
      // The test runner starts workers with --expose-gc (vitest.config.ts).
      // Twice: the first collection may only queue finalizers whose memory the second frees.
      (globalThis as { gc?: () => void }).gc?.();
      (globalThis as { gc?: () => void }).gc?.();
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.external;
    };
    const notes = 'n'.repeat(2_000);
    const FRAME_BYTES = 2_300;
    /** Starts and ends sessions with long notes: two frames of about 2.3 kB for a manager. */
    const cycle = async () => {
      await t.services.usage.start(account, resource.id, { notes });
      await t.services.usage.end(account, resource.id, notes);
    };
    let written = 0;
    // The kernel's socket buffers take several MiB before anything stays unsent in the server.
    while (subscribers() > 0 && written < 32 * MAX_UNSENT_BYTES) {
      await cycle();
      written += 2 * FRAME_BYTES;
    }
    expect(subscribers()).toBe(0);
    // The server dropped the connection: the client finds its end once it reads again.
    socket.resume();
    await closed;

    // Warm up first: the first cycles after the cut-off compile and size what every later cycle
    // reuses (the JIT's code, the database client's buffers), which is not kept per frame.
    for (let warm = 0; warm < 300; warm += 1) await cycle();
    // Had the stream stayed, each further frame would be kept for it; now none is.
    const before = retained();
    for (let more = 0; more < (8 * MAX_UNSENT_BYTES) / (2 * FRAME_BYTES); more += 1) await cycle();
    const grown = retained() - before;
    process.stdout.write(
      `slow reader cut off after ${(written / 2 ** 20).toFixed(1)} MiB of frames; ` +
        `8 MiB of frames later the heap had grown by ${(grown / 2 ** 20).toFixed(2)} MiB\n`,
    );
    expect(grown).toBeLessThan(MAX_UNSENT_BYTES);
    socket.destroy();
  }, 120_000);

  it('leaves no subscriber behind for 2,000 streams aborted right after their request', async () => {
    const member = await t.given.member();
    const resource = await given.resource(await t.given.user({ canManageResources: true }));
    const paths = ['/api/resources/events', `/api/resources/${resource.id}/events`];
    const abortOne = (index: number) =>
      new Promise<void>((resolve) => {
        const socket = net.connect({ host: '127.0.0.1', port }, () => {
          socket.write(
            `GET ${paths[index % 2]} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${member.token}\r\n\r\n`,
          );
          // Some leave before the access checks finish, some right after the stream opened.
          setTimeout(() => socket.destroy(), index % 3);
        });
        socket.once('close', () => resolve());
        socket.once('error', () => resolve());
      });
    for (let batch = 0; batch < 20; batch += 1) {
      await Promise.all(Array.from({ length: 100 }, (_, index) => abortOne(batch * 100 + index)));
    }
    await expect.poll(() => t.services.resourceEventHub.streamCount(), { timeout: 5_000 }).toBe(0);
  });
});
