import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Measurement, measure, startServer } from '../harness.ts';

type AppInfo = { port: number; token: string };

export type InstancesResult = {
  cores: number;
  oneInstance: Measurement;
  twoInstances: { requestsPerSecond: number; p99Ms: number };
  ratio: number;
};

const APP_SERVER = fileURLToPath(new URL('../servers/app-server.ts', import.meta.url));
const LIST_PAGE = '/api/resources?page=1&limit=10';

/**
 * Issue 31: the cached list page served by one instance with 50 connections, then by two
 * instances on the same PostgreSQL with 25 connections each, in the same run. The load generator
 * shares the machine with both instances and the database.
 */
export async function instancesScenario(): Promise<InstancesResult> {
  const first = await startServer<AppInfo>(APP_SERVER);
  try {
    const second = await startServer<{ port: number }>(APP_SERVER, { BENCH_JOIN: '1' });
    try {
      const headers = { authorization: `Bearer ${first.info.token}` };
      const at = (port: number) => `http://127.0.0.1:${port}${LIST_PAGE}`;
      const oneInstance = await measure(`GET ${LIST_PAGE}, one instance`, {
        url: at(first.info.port),
        headers,
      });
      const halves = await Promise.all(
        [first.info.port, second.info.port].map((port) =>
          measure(`GET ${LIST_PAGE}, instance on ${port}`, { url: at(port), headers, connections: 25 }),
        ),
      );
      const requestsPerSecond = halves.reduce((sum, half) => sum + half.requestsPerSecond, 0);
      return {
        cores: os.cpus().length,
        oneInstance,
        twoInstances: { requestsPerSecond, p99Ms: Math.max(...halves.map((half) => half.p99Ms)) },
        ratio: requestsPerSecond / Math.max(1, oneInstance.requestsPerSecond),
      };
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
  }
}

export function describeInstances(result: InstancesResult): string[] {
  const { oneInstance, twoInstances, ratio, cores } = result;
  return [
    `Target of issue 31 (PostgreSQL): two instances serve ${twoInstances.requestsPerSecond} req/s of the cached list page (p99 ${twoInstances.p99Ms} ms) against ${oneInstance.requestsPerSecond} req/s (p99 ${oneInstance.p99Ms} ms) of one: ${ratio.toFixed(2)}x (target >= 1.6x where the machine has the cores: ${ratio >= 1.6 ? 'meets' : 'misses'}; ${cores} cores here, shared by both instances, PostgreSQL and the load generator)`,
  ];
}
