import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { type Measurement, measure, startServer } from '../harness.ts';

type AppInfo = { port: number; token: string; resourceIds: number[]; dialect: string };

/** Start-to-request latency over `sessions` starts, with `concurrency` sessions under way at once. */
export type LatencyFigures = {
  sessions: number;
  concurrency: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
};

export type WebhookDeliveryResult = {
  dialect: string;
  resources: number;
  /** One session at a time, round robin over the resources: the latency a machine sees. */
  oneAtATime: LatencyFigures;
  /** A session on every resource at once: the latency under load on the same two processes. */
  allAtOnce: LatencyFigures;
  /**
   * Start/end cycles as fast as 20 connections go, one per resource: with the webhooks on and
   * off, and on a second server whose resources have a webhook and an MQTT configuration each.
   */
  cycles: { webhooksOn: Measurement; webhooksOff: Measurement; webhooksAndMqtt: Measurement };
};

const SESSIONS = 1_000;

function figures(latencies: number[], concurrency: number): LatencyFigures {
  latencies.sort((a, b) => a - b);
  const round = (value: number | undefined) => Number((value ?? 0).toFixed(2));
  return {
    sessions: latencies.length,
    concurrency,
    p50Ms: round(latencies[Math.floor(latencies.length * 0.5)]),
    p99Ms: round(latencies[Math.floor(latencies.length * 0.99)]),
    maxMs: round(latencies.at(-1)),
  };
}

/**
 * Issue 15: from sending a usage start until the resource's webhook request arrives at a local
 * receiver, with 20 resources that each have a webhook. Each start is followed by its end (also
 * delivered, and waited for), 1,000 sessions per run: once one session at a time, once with a
 * session on every resource at once. The server runs in its own process, as in production; the
 * receiver and the clock are here. Then the start/end cycle rate with the webhooks on and off.
 */
const WEBHOOK_SERVER = fileURLToPath(new URL('../servers/webhook-server.ts', import.meta.url));

/** A webhook per resource of `info`, sending to `receiverUrl`; answers the webhook ids by resource. */
async function addWebhooks(info: AppInfo, receiverUrl: string): Promise<Map<number, number>> {
  const base = `http://127.0.0.1:${info.port}`;
  const headers = { authorization: `Bearer ${info.token}`, 'content-type': 'application/json' };
  const webhookIds = new Map<number, number>();
  for (const resourceId of info.resourceIds) {
    const response = await fetch(`${base}/api/resources/${resourceId}/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench relay', url: `${receiverUrl}/r/${resourceId}` }),
    });
    if (response.status !== 201) throw new Error(`Creating a webhook answered ${response.status}`);
    webhookIds.set(resourceId, ((await response.json()) as { id: number }).id);
  }
  return webhookIds;
}

/** Start/end cycles as fast as one connection per resource goes. */
function measureCycles(info: AppInfo, scenario: string): Promise<Measurement> {
  const headers = { authorization: `Bearer ${info.token}`, 'content-type': 'application/json' };
  const ids = info.resourceIds;
  let next = 0;
  return measure(scenario, {
    url: `http://127.0.0.1:${info.port}/api/health`,
    connections: ids.length,
    // Each connection cycles on a resource of its own, so no start meets a running session.
    setupClient: (client: autocannon.Client) => {
      const resourceId = ids[next % ids.length] ?? 0;
      next += 1;
      client.setRequests([
        { method: 'POST', headers, body: '{}', path: `/api/resources/${resourceId}/usage/start` },
        { method: 'PUT', headers, body: '{}', path: `/api/resources/${resourceId}/usage/end` },
      ]);
    },
  });
}

export async function webhookDeliveryScenario(): Promise<WebhookDeliveryResult> {
  const server = await startServer<AppInfo>(WEBHOOK_SERVER);
  // Each resource's requests, in order of arrival, handed to whoever waits for the next one.
  const waiting = new Map<string, (arrivedAt: number) => void>();
  const receiver = http.createServer((request, response) => {
    const arrivedAt = performance.now();
    request.resume();
    request.on('end', () => {
      waiting.get(request.url ?? '')?.(arrivedAt);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  try {
    const base = `http://127.0.0.1:${server.info.port}`;
    const headers = { authorization: `Bearer ${server.info.token}`, 'content-type': 'application/json' };
    const webhookIds = await addWebhooks(server.info, receiverUrl);
    const call = async (resourceId: number, action: 'start' | 'end') => {
      const arrived = new Promise<number>((resolve) => waiting.set(`/r/${resourceId}`, resolve));
      const sent = performance.now();
      const response = await fetch(`${base}/api/resources/${resourceId}/usage/${action}`, {
        method: action === 'start' ? 'POST' : 'PUT',
        headers,
        body: '{}',
      });
      if (!response.ok) throw new Error(`${action} answered ${response.status}`);
      await response.arrayBuffer();
      return (await arrived) - sent;
    };
    const cycle = async (resourceId: number, latencies: number[]) => {
      latencies.push(await call(resourceId, 'start'));
      await call(resourceId, 'end');
    };
    const ids = server.info.resourceIds;
    const sequential: number[] = [];
    for (let index = 0; index < SESSIONS; index += 1) await cycle(ids[index % ids.length] ?? 0, sequential);
    const concurrent: number[] = [];
    await Promise.all(
      ids.map(async (resourceId) => {
        for (let round = 0; round < SESSIONS / ids.length; round += 1) await cycle(resourceId, concurrent);
      }),
    );
    const webhooksOn = await measureCycles(server.info, 'start/end cycle, 20 resources with a webhook each');
    for (const [resourceId, webhookId] of webhookIds) {
      await fetch(`${base}/api/resources/${resourceId}/webhooks/${webhookId}/status`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ active: false }),
      });
    }
    const webhooksOff = await measureCycles(server.info, 'start/end cycle, the same webhooks switched off');
    // Both integrations on a fresh server, as the issue asks: a webhook and an MQTT configuration
    // on every resource.
    const both = await startServer<AppInfo>(WEBHOOK_SERVER, { BENCH_WITH_MQTT: '1' });
    let webhooksAndMqtt: Measurement;
    try {
      await addWebhooks(both.info, receiverUrl);
      webhooksAndMqtt = await measureCycles(
        both.info,
        'start/end cycle, 20 resources with a webhook and an MQTT configuration each',
      );
    } finally {
      await both.stop();
    }
    return {
      dialect: server.info.dialect,
      resources: ids.length,
      oneAtATime: figures(sequential, 1),
      allAtOnce: figures(concurrent, ids.length),
      cycles: { webhooksOn, webhooksOff, webhooksAndMqtt },
    };
  } finally {
    receiver.closeAllConnections();
    receiver.close();
    await server.stop();
  }
}
