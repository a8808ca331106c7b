import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, TEST_SCRYPT, type TestApp, testAppConfig } from '../../test/build-test-app.ts';
import { notificationsSettled } from '../../test/notifications-settled.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { createLogger } from '../logging/logger.ts';
import { type DatabaseHandle, openPostgres } from './database.ts';
import type { PgChangeCounter } from './pg-change-counter.ts';
import { LISTENER_APPLICATION_NAME } from './pg-listener.ts';

async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Two app instances in this process on one PostgreSQL database, each with its own read cache
 * (decision 24): a write through one is never answered stale by the other once the change's
 * NOTIFY has arrived, and an instance that cannot hear the notifications caches nothing.
 */
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))(
  'read caches of two instances on %s',
  (dialect) => {
    let a: TestApp;
    let b: { app: FastifyInstance; database: DatabaseHandle; dataDir: string };
    let counterB: PgChangeCounter;
    let admin: pg.Client;
    let manager: Awaited<ReturnType<TestApp['given']['user']>>;
    let group: { id: number; name: string };
    let list: string;

    beforeAll(async () => {
      a = await buildTestApp(dialect);
      const url = a.database.databaseUrl ?? '';
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-instance-b-'));
      const database = openPostgres(url);
      const built = await buildApp({
        config: testAppConfig({ dataDir, databaseUrl: url }, undefined),
        database,
        logger: createLogger('silent'),
        scrypt: TEST_SCRYPT,
        webDistDir: dataDir,
      });
      await built.app.ready();
      b = { app: built.app, database, dataDir };
      counterB = database.changes as PgChangeCounter;
      admin = new pg.Client({ connectionString: url });
      await admin.connect();

      const given = resourceFixtures(a);
      manager = await a.given.user({ canManageResources: true });
      group = await given.group(manager);
      const resource = await given.resource(manager);
      await given.addToGroup(manager, group.id, resource.id);
      list = `/api/resources?groupId=${group.id}&page=1&limit=10`;
      // The first read starts B's listening; the cache works from its first LISTEN on.
      await readOnB();
      await until(() => counterB.changes() !== undefined, 'B listens for changes');
    });

    afterAll(async () => {
      await admin?.end();
      await b?.app.close();
      await b?.database.close();
      if (b) rmSync(b.dataDir, { recursive: true, force: true });
      await a?.close();
    });

    async function readOnB(): Promise<string> {
      const response = await b.app.inject({ method: 'GET', url: list, headers: manager.auth });
      expect(response.statusCode).toBe(200);
      return response.json().data[0].groups[0].name;
    }

    async function renameThroughA(name: string) {
      const response = await a.app.inject({
        method: 'PUT',
        url: `/api/resource-groups/${group.id}`,
        headers: manager.auth,
        payload: { name },
      });
      expect(response.statusCode).toBe(200);
    }

    /** A change no instance hears of: triggers (and so their NOTIFY) are off for this session. */
    async function renameUnannounced(name: string) {
      await admin.query('set session_replication_role = replica');
      await admin.query('update resource_groups set name = $1 where id = $2', [name, group.id]);
      await admin.query('set session_replication_role = default');
    }

    it('caches on PostgreSQL: a change nobody announces is not seen until an announced one', async () => {
      const heard = counterB.notifications();
      await renameThroughA('Announced 1');
      await until(() => counterB.notifications() > heard, 'B hears the rename');
      expect(await readOnB()).toBe('Announced 1');

      await renameUnannounced('Unannounced');
      // B keeps its cached answer: proof that it caches, so the next cases prove something.
      expect(await readOnB()).toBe('Announced 1');

      const before = counterB.notifications();
      await renameThroughA('Announced 2');
      await until(() => counterB.notifications() > before, 'B hears the rename');
      expect(await readOnB()).toBe('Announced 2');
    });

    it('never answers a write through the other instance stale once its NOTIFY has arrived', async () => {
      for (let round = 0; round < 15; round += 1) {
        expect(await readOnB()).toBe(round === 0 ? 'Announced 2' : `Round ${round - 1}`);
        const heard = counterB.notifications();
        await renameThroughA(`Round ${round}`);
        await until(() => counterB.notifications() > heard, `B hears round ${round}`);
        expect(await readOnB()).toBe(`Round ${round}`);
        expect(await readOnB()).toBe(`Round ${round}`);
      }
    });

    const settledOnB = () => notificationsSettled(b.database, a.database.db);

    it("keeps B's cache of sign-in states through A's usage writes, and refuses a token signed out through A", async () => {
      const given = resourceFixtures(a);
      const member = await a.given.member();
      const resource = await given.resource(manager);
      const me = () => b.app.inject({ method: 'GET', url: '/api/users/me', headers: member.auth });
      expect((await me()).statusCode).toBe(200);
      await settledOnB();
      const accounts = counterB.changes('accounts');
      const everything = counterB.changes('all') ?? 0;

      await given.start(manager, resource.id);
      await given.end(manager, resource.id);
      await settledOnB();
      expect(counterB.changes('all')).toBeGreaterThan(everything);
      expect(counterB.changes('accounts')).toBe(accounts);

      const out = await a.app.inject({ method: 'DELETE', url: '/api/auth/session', headers: member.auth });
      expect(out.statusCode).toBeLessThan(300);
      await settledOnB();
      expect(counterB.changes('accounts')).toBeGreaterThan(accounts ?? 0);
      expect((await me()).statusCode).toBe(401);
    });

    it('caches nothing while its listening connection is down, and drops what it had once back', async () => {
      expect(await readOnB()).toBe('Round 14');
      expect(await readOnB()).toBe('Round 14');
      // Each instance listens on one connection, which names itself.
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = $1`,
        [LISTENER_APPLICATION_NAME],
      );
      expect(rowCount).toBeGreaterThanOrEqual(1);
      await until(() => counterB.changes() === undefined, 'B notices the lost connection');

      // Unheard changes are read at once while the cache is off...
      await renameUnannounced('While down 1');
      expect(await readOnB()).toBe('While down 1');
      await renameUnannounced('While down 2');
      expect(await readOnB()).toBe('While down 2');

      // ...and once B listens again, nothing cached before the gap is served.
      await until(() => counterB.changes() !== undefined, 'B listens again');
      expect(await readOnB()).toBe('While down 2');
      await renameUnannounced('After the gap');
      expect(await readOnB()).toBe('While down 2');
    });
  },
);
