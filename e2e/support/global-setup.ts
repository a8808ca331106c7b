import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@toolpass/server/testing';
import { createVerifiedAccount, uniqueAccount } from './accounts.ts';
import { publishE2eEnvironment } from './environment.ts';
import { startMailCapture } from './mail-capture.ts';
import { startE2eBroker } from './mqtt-broker.ts';
import { spawnServer, stopServer, waitUntilHealthy } from './server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

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

  const server = spawnServer({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: path.join(workDir, 'data'),
    SMTP_URL: mailCapture.url,
    LOG_LEVEL: 'warn',
    // The stories' broker and webhook receivers listen on 127.0.0.1 (decision 17).
    ALLOWED_INTEGRATION_HOSTS: 'external,loopback',
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  const teardown = async () => {
    await stopServer(server);
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
