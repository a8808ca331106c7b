import { fileURLToPath } from 'node:url';
import { type Measurement, measure, startServer } from '../harness.ts';

type AppInfo = { port: number; token: string; username: string; password: string; dialect: string };

/** Issue 2: the signed-in user and sign-in, against the real app. */
export async function accountsScenarios(): Promise<Measurement[]> {
  const server = await startServer<AppInfo>(
    fileURLToPath(new URL('../servers/app-server.ts', import.meta.url)),
  );
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const me = await measure('GET /api/users/me', {
      url: `${base}/api/users/me`,
      headers: { authorization: `Bearer ${server.info.token}` },
    });
    // Each sign-in is one scrypt hash (32 MiB, ~0.2 s of one core), so this measures the
    // password cost; 8 connections keep libuv's 4 hashing threads busy without a queue of timeouts.
    const signIn = await measure('POST /api/auth/session/local', {
      connections: 8,
      url: `${base}/api/auth/session/local`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: server.info.username, password: server.info.password }),
    });
    return [me, signIn];
  } finally {
    await server.stop();
  }
}
