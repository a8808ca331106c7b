import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../cli/admin.ts';
import type { Dialect } from '../../platform/db/database.ts';
import { freePort } from '../../test/free-port.ts';
import { createTestDatabase, TEST_DIALECTS } from '../../test/test-database.ts';
import { startWebhookReceiver } from '../../test/webhook-receiver.ts';

const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const SECRET_KEY = 'crash-test-secret-key-crash-test-secret-key';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The real server process, as `npm start` runs it, on the given data. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', MAIN], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  cleanups.push(kill);
  const until = Date.now() + 20_000;
  while (!output.includes('Toolpass is running')) {
    if (Date.now() > until || child.exitCode !== null)
      throw new Error(`The server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { base: `http://127.0.0.1:${port}`, kill };
}

/**
 * Where the server keeps its data: an empty folder for SQLite (the server process holds the
 * file alone), or a fresh PostgreSQL database. The server and the admin command migrate it.
 */
async function dataFor(dialect: Dialect): Promise<Record<string, string>> {
  if (dialect === 'sqlite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-webhook-crash-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir };
  }
  const database = await createTestDatabase(dialect, { migrate: false });
  cleanups.push(() => database.drop());
  return { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '' };
}

describe.each(TEST_DIALECTS)('webhook deliveries across a crash on %s', (dialect) => {
  it('completes a delivery whose retry was due when the server was killed, and sends nothing twice', {
    timeout: 90_000,
  }, async () => {
    const env: Record<string, string> = {
      ...(await dataFor(dialect)),
      SECRET_KEY,
      // The receiver listens on 127.0.0.1 (decision 17).
      ALLOWED_INTEGRATION_HOSTS: 'external,loopback',
    };
    const admin = await runAdminCommand(
      ['create', '--username', 'root', '--email', 'root@example.org', '--password', 'long enough'],
      env,
    );
    expect(admin.exitCode).toBe(0);
    // Fails the first request, accepts every later one.
    const receiver = await startWebhookReceiver({ answer: (index) => ({ status: index === 0 ? 500 : 200 }) });
    cleanups.push(() => receiver.close());

    let server = await startServer(env);
    const signIn = await fetch(`${server.base}/api/auth/session/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: 'long enough' }),
    });
    const { authToken } = (await signIn.json()) as { authToken: string };
    const auth = { authorization: `Bearer ${authToken}` };
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.base}${path}`, {
        method,
        headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const form = new FormData();
    form.append('name', 'Laser');
    const resource = (await (
      await fetch(`${server.base}/api/resources`, { method: 'POST', headers: auth, body: form })
    ).json()) as { id: number };
    const created = await api('POST', `/api/resources/${resource.id}/webhooks`, {
      name: 'Relay',
      url: receiver.url,
      retryEnabled: true,
      maxRetries: 2,
      // Long enough for the kill to come between the failed attempt and its retry.
      retryDelay: 4_000,
    });
    expect(created.status).toBe(201);
    const webhookId = created.body.id as number;
    const log = async () =>
      (await api('GET', `/api/resources/${resource.id}/webhooks/${webhookId}/deliveries`))
        .body as unknown as {
        status: string;
        attempts: number;
        lastError: string | null;
        eventType: string;
      }[];

    expect((await api('POST', `/api/resources/${resource.id}/usage/start`, {})).status).toBe(201);
    await receiver.waitFor(1);
    // The failed attempt is recorded with its retry ahead: the moment to die.
    await expect
      .poll(log, { timeout: 5_000, interval: 20 })
      .toMatchObject([{ status: 'pending', attempts: 1, lastError: 'HTTP 500' }]);
    await server.kill();
    expect(receiver.requests).toHaveLength(1);

    server = await startServer(env);
    const [failed, retried] = await receiver.waitFor(2, 15_000);
    expect(retried?.headers['x-webhook-id']).toBe(failed?.headers['x-webhook-id']);
    expect(JSON.parse(retried?.body ?? '{}')).toMatchObject({ status: 'in_use', resourceId: resource.id });
    await expect
      .poll(log, { timeout: 5_000 })
      .toMatchObject([{ status: 'done', attempts: 2, lastError: null }]);

    // Delivered once and recorded: a second crash and restart sends none of it again.
    expect((await api('PUT', `/api/resources/${resource.id}/usage/end`, {})).status).toBe(200);
    await receiver.waitFor(3);
    await expect.poll(log, { timeout: 5_000 }).toMatchObject([
      { eventType: 'usage.ended', status: 'done', attempts: 1 },
      { eventType: 'usage.started', status: 'done', attempts: 2 },
    ]);
    await server.kill();
    server = await startServer(env);
    // Longer than the job runner's poll (1 s): anything pending would have gone out by now.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(receiver.requests.map((request) => JSON.parse(request.body).status)).toEqual([
      'in_use',
      'in_use',
      'not_in_use',
    ]);
  });
});
