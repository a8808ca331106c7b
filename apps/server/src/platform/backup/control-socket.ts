import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The running server's local door for the backup command (decision 22). The embedded database
 * is locked by the server for as long as it runs, so only the server can read it: the command
 * asks it here for an online snapshot (SQLite's backup API) into a file of its choosing. The
 * socket lives in DATA_DIR (0700), so only who may read the data may ask.
 */
export const CONTROL_SOCKET_NAME = 'toolpass.sock';

/** Unix socket paths are limited to about 107 bytes; a longer DATA_DIR gets no control socket. */
const MAX_SOCKET_PATH = 100;

type Request = { command: 'snapshot'; to: string };
type Answer = { ok: true; pages: number } | { ok: false; error: string };

export function controlSocketPath(dataDir: string): string | undefined {
  const file = path.join(dataDir, CONTROL_SOCKET_NAME);
  return Buffer.byteLength(file) <= MAX_SOCKET_PATH ? file : undefined;
}

/** Listens for snapshot requests; undefined when the path is too long for a socket. */
export async function startControlSocket(options: {
  dataDir: string;
  snapshot: (to: string) => Promise<number>;
  onError: (error: Error) => void;
}): Promise<{ close(): Promise<void> } | undefined> {
  const file = controlSocketPath(options.dataDir);
  if (!file) return undefined;
  // A socket file left by a process that died: the data folder's lock says nobody else runs.
  rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      input += chunk;
      const newline = input.indexOf('\n');
      if (newline === -1) {
        if (input.length > 4096) socket.destroy();
        return;
      }
      const answer = (reply: Answer) => socket.end(`${JSON.stringify(reply)}\n`);
      let request: Request;
      try {
        request = JSON.parse(input.slice(0, newline)) as Request;
      } catch {
        answer({ ok: false, error: 'Not a JSON request' });
        return;
      }
      if (request.command !== 'snapshot' || typeof request.to !== 'string' || !path.isAbsolute(request.to)) {
        answer({ ok: false, error: 'Unknown request' });
        return;
      }
      options.snapshot(request.to).then(
        (pages) => answer({ ok: true, pages }),
        (error: unknown) => {
          options.onError(error instanceof Error ? error : new Error(String(error)));
          answer({ ok: false, error: error instanceof Error ? error.message : String(error) });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  server.on('error', options.onError);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(file, { force: true });
      }),
  };
}

/**
 * Asks the server running on the data folder for a snapshot of its database into `to`.
 * Undefined when no server listens there (then the caller may open the database itself).
 */
export function requestSnapshot(dataDir: string, to: string): Promise<number | undefined> {
  const file = controlSocketPath(dataDir);
  if (!file) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const socket = net.connect(file);
    let input = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ command: 'snapshot', to })}\n`);
    });
    socket.on('data', (chunk: string) => {
      input += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(undefined);
      else reject(error);
    });
    socket.on('end', () => {
      try {
        const answer = JSON.parse(input) as Answer;
        if (answer.ok) resolve(answer.pages);
        else reject(new Error(`The running server could not take a snapshot: ${answer.error}`));
      } catch {
        reject(new Error('The running server gave no answer to the snapshot request'));
      }
    });
  });
}
