import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../../config/node-flags.ts';
import { freePort } from '../free-port.ts';
import { waitUntilAnswering } from './ports.ts';

/** The bundle `npm start` runs, built by the tests' global set-up (build-server-bundle.ts). */
const START = fileURLToPath(new URL('../../../dist/start.js', import.meta.url));

export type ServerProcess = {
  pid: number;
  port: number;
  url: string;
  /** What the process wrote, for a failing test's message. */
  output(): string;
  /** SIGTERM and wait: the graceful stop of `main.ts`. */
  stop(): Promise<void>;
  /** SIGKILL: the instance dies without a word, leases and streams left as they were. */
  kill(): Promise<void>;
};

/**
 * A Toolpass instance as `npm start` runs it (the bundle with the server's Node flags) in a
 * process of its own, with a data folder of its own: instances share only the database.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-instance-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--disable-warning=ExperimentalWarning', START],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(
      port,
      () => child.exitCode !== null,
      () => `the instance on ${port} did not start:\n${output}`,
    );
  } catch (error) {
    await end('SIGKILL');
    throw error;
  }
  return {
    pid: child.pid ?? 0,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
