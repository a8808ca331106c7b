import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '@toolpass/server/testing';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
// Node 24 from the `node` devDependency; the machine's own node may be older.
const nodeBinary = path.join(repoRoot, 'node_modules', '.bin', 'node');
const STARTUP_TIMEOUT_MS = 60_000;

/** The real server (apps/server/src/main.ts) as a child process with the given environment. */
export function spawnServer(env: Record<string, string | undefined>): ChildProcess {
  return spawn(
    nodeBinary,
    [...SERVER_NODE_FLAGS, '--disable-warning=ExperimentalWarning', 'apps/server/src/main.ts'],
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

export async function waitUntilHealthy(
  baseUrl: string,
  server: ChildProcess,
  logFile: string,
): Promise<void> {
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

export function stopServer(server: ChildProcess): Promise<void> {
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
