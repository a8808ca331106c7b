import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '@toolpass/server/testing';
import { createVerifiedAccount, uniqueAccount } from './accounts.ts';
import { publishE2eEnvironment } from './environment.ts';
import { startMailCapture } from './mail-capture.ts';
import { startE2eBroker } from './mqtt-broker.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
// Node 24 from the `node` devDependency; the machine's own node may be older.
const nodeBinary = path.join(repoRoot, 'node_modules', '.bin', 'node');
const STARTUP_TIMEOUT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(baseUrl: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited with ${server.exitCode}; see ${logFile}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy within ${STARTUP_TIMEOUT_MS} ms; see ${logFile}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/**
 * Starts the real server on a free port with a fresh data folder, an SMTP capture and an MQTT
 * broker, and creates the administrator (the first account of an empty database). Returns the
 * teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(repoRoot, 'apps', 'web', 'dist', 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the browser tests');
  }
  const workDir = await mkdtemp(path.join(tmpdir(), 'toolpass-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  const mailCapture = await startMailCapture(mailDir);
  const broker = await startE2eBroker();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, 'server.log');
  const log = createWriteStream(logFile);

  const server = spawn(
    nodeBinary,
    [...SERVER_NODE_FLAGS, '--disable-warning=ExperimentalWarning', 'apps/server/src/main.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: path.join(workDir, 'data'),
        SMTP_URL: mailCapture.url,
        LOG_LEVEL: 'warn',
        // The stories' broker and webhook receivers listen on 127.0.0.1 (decision 17).
        ALLOWED_INTEGRATION_HOSTS: 'external,loopback',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  const teardown = async () => {
    await stop(server);
    await mailCapture.close();
    await broker.close();
    log.end();
    await rm(workDir, { recursive: true, force: true });
  };

  try {
    await waitUntilHealthy(baseUrl, server, logFile);
    const admin = uniqueAccount('admin');
    publishE2eEnvironment({ baseUrl, mailDir, admin, mqttBroker: { host: broker.host, port: broker.port } });
    await createVerifiedAccount(admin);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
