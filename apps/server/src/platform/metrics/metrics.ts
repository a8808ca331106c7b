import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeliveryJobStats } from '../jobs/job-stats.ts';

/** What the scrape reads from the running app, asked only when Prometheus asks. */
export type MetricsSources = {
  sessionsRunning(): Promise<number>;
  deliveryJobs(): Promise<DeliveryJobStats[]>;
  liveStreams(): number;
  readersConnected(): number;
  /** PostgreSQL's pool; undefined on SQLite (one connection). */
  databasePool(): { total: number; idle: number; waiting: number } | undefined;
  now(): Date;
};

const sha256 = (value: string) => createHash('sha256').update(value).digest();

function notFoundBody(request: FastifyRequest) {
  return { statusCode: 404, error: 'Not Found', message: 'Not Found', requestId: String(request.id) };
}

/**
 * `GET /metrics` in Prometheus' text format (issue 32, decision 22). Off (404) unless a token is
 * set; then prom-client is loaded and a response hook counts and times every request by its
 * route pattern. Off, neither the library nor the hook exists, so an idle server pays nothing.
 */
export async function registerMetrics(
  app: FastifyInstance,
  options: { token: string | undefined; sources: MetricsSources },
): Promise<void> {
  const { token, sources } = options;
  if (!token) {
    // Without this route the web app's fallback would answer the path with its page.
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) =>
      reply.status(404).send(notFoundBody(request)),
    );
    return;
  }
  const expected = sha256(token);
  const client = await import('prom-client');
  const registry = new client.Registry();
  // Event loop lag, heap, handles and CPU: prom-client's standard process metrics.
  client.collectDefaultMetrics({ register: registry });

  const requests = new client.Counter({
    name: 'toolpass_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const durations = new client.Histogram({
    name: 'toolpass_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // The pattern (/api/resources/:id), never the URL: one series per route, not per id.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status_code: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  new client.Gauge({
    name: 'toolpass_usage_sessions_running',
    help: 'Usage sessions running now',
    registers: [registry],
    async collect() {
      this.set(await sources.sessionsRunning());
    },
  });
  const jobs = new client.Gauge({
    name: 'toolpass_delivery_jobs',
    help: 'Delivery jobs by target kind and state (pending or failed)',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
  });
  const oldest = new client.Gauge({
    name: 'toolpass_delivery_oldest_pending_seconds',
    help: 'Age of the oldest pending delivery job by target kind (0 when none waits)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new client.Gauge({
    name: 'toolpass_live_streams_open',
    help: 'Server-sent event streams open on this instance',
    registers: [registry],
    collect() {
      this.set(sources.liveStreams());
    },
  });
  new client.Gauge({
    name: 'toolpass_readers_connected',
    help: 'NFC readers authenticated on this instance',
    registers: [registry],
    collect() {
      this.set(sources.readersConnected());
    },
  });
  const pool = new client.Gauge({
    name: 'toolpass_database_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting clients); PostgreSQL only',
    labelNames: ['state'] as const,
    registers: [registry],
  });

  const collectAsked = async () => {
    const stats = await sources.deliveryJobs();
    jobs.reset();
    oldest.reset();
    const now = sources.now().getTime();
    for (const kind of stats) {
      jobs.set({ kind: kind.kind, state: 'pending' }, kind.pending);
      jobs.set({ kind: kind.kind, state: 'failed' }, kind.failed);
      const age = kind.oldestPendingAt ? Math.max(0, (now - kind.oldestPendingAt.getTime()) / 1000) : 0;
      oldest.set({ kind: kind.kind }, age);
    }
    const poolStats = sources.databasePool();
    if (poolStats) {
      pool.set({ state: 'total' }, poolStats.total);
      pool.set({ state: 'idle' }, poolStats.idle);
      pool.set({ state: 'waiting' }, poolStats.waiting);
    }
  };

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? sha256(header.slice('Bearer '.length)) : undefined;
    if (!given || !timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Unauthorized',
          requestId: String(request.id),
        });
    }
    await collectAsked();
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
