import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.ts';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The server as `npm start` runs it (the server workspace's start script through npm, minus the
 * web build), started from a scratch folder standing in for the repository root, with PORT set
 * and nothing else: no PUBLIC_URL, DATA_DIR, SMTP_URL or DATABASE_URL.
 */
describe('npm start with PORT alone', () => {
  let folder: string;
  let child: ChildProcess;
  let port: number;
  let output = '';
  const waitForOutput = async (pattern: RegExp, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(output);
      if (match) return match;
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`No ${pattern} in the output of npm start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'toolpass-start-'));
    port = await freePort();
    const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
    for (const name of ['PUBLIC_URL', 'DATA_DIR', 'SMTP_URL', 'DATABASE_URL', 'SECRET_KEY', 'LOG_LEVEL']) {
      delete env[name];
    }
    // The README's command. `npm test` builds the web app before the unit tests, so it finds the
    // bundle current and starts at once; alone, this test may wait for that build.
    child = spawn('npm', ['--prefix', REPOSITORY_ROOT, 'start'], {
      cwd: folder,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so stopping it stops npm and the server below it.
      detached: true,
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitForOutput(/Toolpass is running at/, 200_000);
  }, 240_000);

  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('logs the address with that port and keeps the data in ./data where it was started', async () => {
    expect(output).toContain(`Toolpass is running at http://localhost:${port}`);
    expect(existsSync(path.join(folder, 'data', 'toolpass.sqlite'))).toBe(true);
  });

  it('prints the verification link of a mail on a line of its own, with that port', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'first',
        email: 'first@example.org',
        password: 'a long enough password',
        strategy: 'local_password',
      }),
    });
    expect(response.status).toBe(201);
    const [line] = await waitForOutput(/^ {2}Open: \S+$/m);
    expect(line.trim()).toMatch(
      new RegExp(`^Open: http://localhost:${port}/verify-email\\?token=[\\w-]+&email=`),
    );
  });

  it('serves the API document and its docs UI, which the bundle loads on their first request', async () => {
    const document = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
    expect(document.status).toBe(200);
    const body = (await document.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(body.openapi).toBe('3.1.0');
    expect(body.paths['/api/users/me']).toBeDefined();
    const ui = await fetch(`http://127.0.0.1:${port}/api/docs/`);
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-type')).toContain('text/html');
    const style = await fetch(`http://127.0.0.1:${port}/api/docs/static/swagger-ui.css`);
    expect(style.status).toBe(200);
    expect(style.headers.get('content-type')).toContain('text/css');
    const again = await fetch(`http://127.0.0.1:${port}/api/docs/static/swagger-ui.css`, {
      headers: { 'if-none-match': String(style.headers.get('etag')) },
    });
    expect(again.status).toBe(304);
  });
});
