import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DURATION_SECONDS, type Measurement, measure, startServer } from '../harness.ts';

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
    // Issue 12: a flood of sign-ins (50 connections) queues for the hashing slots; the rest of
    // the API must stay fast meanwhile.
    const signInRequest = {
      url: `${base}/api/auth/session/local`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: server.info.username, password: server.info.password }),
    };
    const flood = autocannon({ ...signInRequest, connections: 50, duration: DURATION_SECONDS + 2 });
    const healthDuringFlood = await measure('GET /api/health during 50 sign-ins at once', {
      connections: 1,
      url: `${base}/api/health`,
    });
    const flooded = await flood;
    const signInFlood: Measurement = {
      scenario: 'POST /api/auth/session/local, 50 at once',
      requestsPerSecond: Math.round(flooded.requests.average),
      p50Ms: flooded.latency.p50,
      p99Ms: flooded.latency.p99,
      non2xx: flooded.non2xx,
      errors: flooded.errors,
      connections: 50,
      durationSeconds: DURATION_SECONDS + 2,
    };
    return [me, signIn, signInFlood, healthDuringFlood];
  } finally {
    await server.stop();
  }
}
