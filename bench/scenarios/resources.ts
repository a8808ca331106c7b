import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import {
  bundleServer,
  type Measurement,
  measure,
  peakRssMiB,
  seedForBundle,
  startBundledServer,
} from '../harness.ts';

type AppInfo = { port: number; token: string; racerTokens: string[]; resourceIds: number[] };

export type RaceResult = { rounds: number; roundsWithExactlyOneWinner: number; p99Ms: number };

/** Fifty different users start on one free resource at the same moment, `rounds` times. */
async function race(base: string, info: AppInfo, rounds: number): Promise<RaceResult> {
  const resourceId = info.resourceIds.at(-1) ?? 0;
  const latencies: number[] = [];
  let exact = 0;
  for (let round = 0; round < rounds; round += 1) {
    const answers = await Promise.all(
      info.racerTokens.map(async (token) => {
        const started = performance.now();
        const response = await fetch(`${base}/api/resources/${resourceId}/usage/start`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        });
        latencies.push(performance.now() - started);
        return response.status;
      }),
    );
    if (
      answers.filter((status) => status === 201).length === 1 &&
      answers.filter((status) => status === 409).length === 49
    )
      exact += 1;
    await fetch(`${base}/api/resources/${resourceId}/usage/end`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${info.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
  }
  latencies.sort((a, b) => a - b);
  return {
    rounds,
    roundsWithExactlyOneWinner: exact,
    p99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
  };
}

/** Issue 3: reads and writes on 1,000 resources in 20 groups with 10,000 usage rows. */
export async function resourcesScenarios(): Promise<{
  rows: Measurement[];
  race: RaceResult;
  /** The app server's peak resident memory over all of the above (issue 31: <= 300 MiB). */
  peakRssMiB: number;
}> {
  // Served by the bundle `npm start` runs, from data seeded in a process of its own, so the
  // memory and speed measured are what a space runs (issue 31: peak <= 300 MiB).
  bundleServer();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-bench-resources-'));
  const info = seedForBundle<AppInfo>(dataDir);
  const server = await startBundledServer(dataDir, process.env.BENCH_DATABASE_URL);
  try {
    const { base } = server;
    const auth = { authorization: `Bearer ${info.token}` };
    const first = info.resourceIds[0];
    const rows: Measurement[] = [];
    rows.push(
      await measure('GET /api/resources (page 1 of 100)', {
        url: `${base}/api/resources?page=1&limit=10`,
        headers: auth,
      }),
    );
    rows.push(
      await measure('GET /api/resources?search=', {
        url: `${base}/api/resources?search=Machine%2042&limit=10`,
        headers: auth,
      }),
    );
    rows.push(
      await measure('GET …/usage/active', {
        url: `${base}/api/resources/${first}/usage/active`,
        headers: auth,
      }),
    );
    rows.push(
      await measure('GET …/usage/history (1,000 rows)', {
        url: `${base}/api/resources/${first}/usage/history?page=3&limit=10`,
        headers: auth,
      }),
    );
    // Each connection works on a resource of its own: start, then end, over and over. The
    // resource is fixed per connection (autocannon gives a request sequence a fresh context on
    // every round, so a context cannot hold it), or connections would meet on shared resources.
    let nextResource = 1;
    const json = { ...auth, 'content-type': 'application/json' };
    const cycleOnOwnResource = (client: autocannon.Client) => {
      const resourceId = info.resourceIds[nextResource % info.resourceIds.length] ?? 0;
      nextResource += 1;
      client.setRequests([
        { method: 'POST', headers: json, body: '{}', path: `/api/resources/${resourceId}/usage/start` },
        { method: 'PUT', headers: json, body: '{}', path: `/api/resources/${resourceId}/usage/end` },
      ]);
    };
    rows.push(
      await measure('start/end cycle (requests)', {
        url: `${base}/api/health`,
        setupClient: cycleOnOwnResource,
      }),
    );
    // The reads above repeat and so are answered from the read cache (decision 7). These two
    // show the cost without it: a search for a new term each time, and the list page while
    // other connections keep changing data (every change empties the cache).
    let term = 0;
    rows.push(
      await measure('uncached: search, a new term each request', {
        url: `${base}/api/resources`,
        headers: auth,
        requests: [
          {
            setupRequest: (request) => {
              term += 1;
              return { ...request, path: `/api/resources?search=Machine%20${term % 100_000}x&limit=10` };
            },
          },
        ],
      }),
    );
    const [listDuringWrites] = await Promise.all([
      measure('under writes: list page while 10 connections start/end', {
        url: `${base}/api/resources?page=1&limit=10`,
        headers: auth,
        connections: 40,
      }),
      measure('(writers)', { url: `${base}/api/health`, setupClient: cycleOnOwnResource, connections: 10 }),
    ]);
    rows.push(listDuringWrites);
    const raced = await race(base, info, 20);
    return { rows, race: raced, peakRssMiB: peakRssMiB(server.pid) };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
