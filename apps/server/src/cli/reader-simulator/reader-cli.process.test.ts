import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { READER_TEST_RATE_LIMITS, until } from '../../test/reader-fixtures.ts';

const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const CLI = fileURLToPath(new URL('./reader-cli.ts', import.meta.url));

/** `npm run reader` as a person runs it: a process with a terminal's stdin and stdout. */
function startCli(args: string[]) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', CLI, ...args],
    {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    type: (line: string) => child.stdin?.write(`${line}\n`),
    async waitFor(pattern: RegExp, timeoutMs = 15_000): Promise<RegExpExecArray> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (Date.now() > deadline) throw new Error(`Timed out waiting for ${pattern}; got:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

describe('npm run reader', () => {
  let t: TestApp;
  let server: string;
  let folder: string;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { rateLimits: READER_TEST_RATE_LIMITS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    folder = mkdtempSync(path.join(os.tmpdir(), 'toolpass-reader-cli-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('pairs with the code it prints, keeps its key, shows the display, picks a resource and reconnects with its key', async () => {
    const admin = await t.given.administrator();
    const keyFile = path.join(folder, 'reader.json');
    const first = startCli(['--server', server, '--name', 'cli-reader', '--key-file', keyFile]);
    children.push(first.child);
    const code = (await first.waitFor(/Pairing code: ([0-9]{6})/))[1];
    const paired = await t.app.inject({
      method: 'POST',
      url: '/api/fabreader/readers/pair',
      headers: admin.auth,
      payload: { code, name: 'CLI reader' },
    });
    expect(paired.statusCode).toBe(201);
    const readerId: number = paired.json().id;
    await first.waitFor(new RegExp(`Paired as reader ${readerId}`));
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    await until(() => t.services.readerConnections.isConnected(readerId));

    t.services.readerConnections.display(readerId, 'Session started', 'success');
    await first.waitFor(/\[success\] Session started/);
    const choice = t.services.readerConnections.choose(readerId, [
      { id: 4, name: 'Laser' },
      { id: 5, name: 'Drill' },
    ]);
    await first.waitFor(/2\) Drill\nChoose a resource by its number/);
    first.type('2');
    expect(await choice).toBe(5);
    first.type('quit');
    expect(await first.exited).toBe(0);
    await until(() => !t.services.readerConnections.isConnected(readerId));

    const again = startCli(['--server', server, '--key-file', keyFile]);
    children.push(again.child);
    await until(() => t.services.readerConnections.isConnected(readerId));
    expect(again.output()).not.toContain('Pairing code');
    again.type('quit');
    expect(await again.exited).toBe(0);
  });
});
