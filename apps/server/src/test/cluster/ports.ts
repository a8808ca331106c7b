import { execFileSync } from 'node:child_process';
import net from 'node:net';

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Waits until something accepts connections on the port, or fails when the process is gone. */
export async function waitUntilAnswering(
  port: number,
  gone: () => boolean,
  why: () => string,
  timeoutMs = 30_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (gone()) throw new Error(why());
    if (await connects(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${why()} (nothing answered on ${port} within ${timeoutMs} ms)`);
}

/**
 * The process that holds the local end of a TCP connection from the given port, as `ss` (from
 * iproute2, on every Debian) reports it: which instance is sending a delivery.
 */
export function processOfConnectionFrom(localPort: number): number | undefined {
  const output = execFileSync('ss', [
    '-Htnp',
    'state',
    'established',
    `( sport = :${localPort} )`,
  ]).toString();
  const pid = /pid=(\d+)/.exec(output)?.[1];
  return pid ? Number(pid) : undefined;
}
