import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

describe.each(TEST_DIALECTS)('GET /api/ready on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers 200 when the database answers, every migration has run and the server runs', async () => {
    t = await buildTestApp(dialect);
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', lifecycle: 'running' },
    });
  });

  it('answers 503 while a migration of this code has not run on the database', async () => {
    t = await buildTestApp(dialect);
    // As when another instance of a newer version has not finished migrating a shared database.
    const last = await sql<{
      name: string;
    }>`select name from kysely_migration order by name desc limit 1`.execute(t.database.db);
    await sql`delete from kysely_migration where name = ${last.rows[0]?.name}`.execute(t.database.db);
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'not-ready',
      checks: { database: 'ok', migrations: 'pending', lifecycle: 'running' },
    });
    // Liveness is another question: the process is alive and its database answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 once the server is stopping, while liveness still answers 200', async () => {
    t = await buildTestApp(dialect);
    t.services.readiness.markStopping();
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json().checks).toEqual({ database: 'ok', migrations: 'ok', lifecycle: 'stopping' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers 503 while the database is unreachable', async () => {
    const app = await buildTestApp(dialect);
    const ready = await app.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    // The database goes away under a running app (its connections closed).
    await app.database.close();
    const response = await app.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'not-ready',
      checks: { database: 'unreachable', migrations: 'ok', lifecycle: 'running' },
    });
    await app.app.close().catch(() => undefined);
    await app.smtp.close();
    await app.database.drop().catch(() => undefined);
  });
});
