import { createServer, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../test/reader-fixtures.ts';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-database.ts';
import { createChannelListeners, LISTENER_APPLICATION_NAME } from './pg-listener.ts';

describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))(
  'channel listeners on %s',
  (dialect) => {
    let database: TestDatabase;
    let admin: pg.Client;
    beforeAll(async () => {
      database = await createTestDatabase(dialect, { migrate: false });
      admin = new pg.Client({ connectionString: database.databaseUrl });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await database?.drop();
    });

    /** The listening connections on the test's database. */
    async function listeningConnections(): Promise<number[]> {
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and application_name = $1',
        [LISTENER_APPLICATION_NAME],
      );
      return rows.map((row) => row.pid);
    }

    const notify = (channel: string, payload: string) =>
      admin.query('select pg_notify($1, $2)', [channel, payload]);

    it('listens on several channels over one connection and hands each notification to its channel', async () => {
      const listeners = createChannelListeners(database.databaseUrl ?? '');
      const heard: string[] = [];
      const first = listeners.listen({
        channel: 'probe_one',
        onNotification: (payload) => heard.push(`one:${payload}`),
        onError: () => undefined,
      });
      const second = listeners.listen({
        channel: 'probe_two',
        onNotification: (payload) => heard.push(`two:${payload}`),
        onError: () => undefined,
      });
      await Promise.all([first.ready, second.ready]);
      expect(await listeningConnections()).toHaveLength(1);

      await notify('probe_one', 'a');
      await notify('probe_two', 'b');
      await notify('probe_other', 'c');
      await until(() => heard.length >= 2);
      expect(heard).toEqual(['one:a', 'two:b']);

      // The connection stays while anyone listens, and goes with the last.
      await first.close();
      await notify('probe_two', 'd');
      await until(() => heard.length >= 3);
      expect(await listeningConnections()).toHaveLength(1);
      await second.close();
      await until(async () => (await listeningConnections()).length === 0);
    });

    it('tells each channel when the connection is lost, and listens on all of them again', async () => {
      const listeners = createChannelListeners(database.databaseUrl ?? '');
      const states: string[] = [];
      const heard: string[] = [];
      const subscribe = (channel: string) =>
        listeners.listen({
          channel,
          onNotification: (payload) => heard.push(`${channel}:${payload}`),
          onError: () => undefined,
          onListening: (listening) => states.push(`${channel}:${listening}`),
        });
      const subscriptions = [subscribe('probe_one'), subscribe('probe_two')];
      await Promise.all(subscriptions.map((subscription) => subscription.ready));
      expect(states).toEqual(['probe_one:true', 'probe_two:true']);

      const [pid] = await listeningConnections();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await until(() => states.length >= 4);
      expect(states.slice(2)).toEqual(['probe_one:false', 'probe_two:false']);
      await until(() => states.length >= 6);
      expect(states.slice(4)).toEqual(['probe_one:true', 'probe_two:true']);

      await notify('probe_one', 'after');
      await notify('probe_two', 'after');
      await until(() => heard.length >= 2);
      expect(heard).toEqual(['probe_one:after', 'probe_two:after']);
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
    });
  },
);

describe('channel listeners, closing', () => {
  it('closes soon while the connection attempt still waits for the server', async () => {
    // A server that accepts and never answers, as a PostgreSQL behind a dead link would.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const listeners = createChannelListeners(`postgres://nobody@127.0.0.1:${port}/nothing`);
      const subscription = listeners.listen({
        channel: 'probe_one',
        onNotification: () => undefined,
        onError: () => undefined,
      });
      await until(() => sockets.length === 1);
      const started = performance.now();
      await subscription.close();
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
