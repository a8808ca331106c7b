import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const TOKEN = 'metrics-token-for-the-test-0123';

/** The value of one sample line (`name{labels} value`) of a Prometheus text answer. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(TEST_DIALECTS)('GET /metrics on %s', (dialect) => {
  describe('without METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(dialect);
    });
    afterAll(() => t?.close());

    it('answers 404, with or without a bearer token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const withToken = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(withToken.statusCode).toBe(404);
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    const scrape = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    beforeAll(async () => {
      t = await buildTestApp(dialect, {}, { metricsToken: TOKEN });
    });
    afterAll(() => t?.close());

    it('answers 401 without the token or with another one', async () => {
      const without = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(without.statusCode).toBe(401);
      expect(without.headers['www-authenticate']).toContain('Bearer');
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer not-the-metrics-token-at-all' },
      });
      expect(wrong.statusCode).toBe(401);
    });

    it('counts and times requests by route pattern, not by URL', async () => {
      const given = resourceFixtures(t);
      const manager = await t.given.user({ canManageResources: true });
      const first = await given.resource(manager);
      const second = await given.resource(manager);
      const series =
        'toolpass_http_requests_total{method="GET",route="/api/resources/:id",status_code="200"}';
      const before = sample(await scrape(), series) ?? 0;
      for (const id of [first.id, second.id, first.id]) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/resources/${id}`,
          headers: manager.auth,
        });
        expect(response.statusCode).toBe(200);
      }
      const text = await scrape();
      expect(sample(text, series)).toBe(before + 3);
      expect(text).not.toContain(`route="/api/resources/${first.id}"`);
      expect(
        sample(text, 'toolpass_http_request_duration_seconds_count{method="GET",route="/api/resources/:id"}'),
      ).toBe(before + 3);
      expect(text).toContain('# TYPE toolpass_http_request_duration_seconds histogram');
    });

    it('shows sessions running, delivery jobs per kind, streams, readers, the pool and event loop lag', async () => {
      const given = resourceFixtures(t);
      const manager = await t.given.user({ canManageResources: true });
      const resource = await given.resource(manager);
      const member = await t.given.member();
      await given.introduce(manager, resource.id, member.id);
      const runningBefore = sample(await scrape(), 'toolpass_usage_sessions_running') ?? -1;
      expect((await given.start(member, resource.id)).statusCode).toBe(201);

      // A job of a kind no runner claims stays pending, as one behind an unreachable broker does.
      const createdAt = new Date(Date.now() - 90_000);
      await t.database.db
        .insertInto('delivery_jobs')
        .values([
          {
            event_id: null,
            target_kind: 'metrics-test',
            target_id: '1',
            resource_id: null,
            payload: null,
            state: 'pending',
            due_at: new Date(Date.now() + 3_600_000),
            created_at: createdAt,
          },
          {
            event_id: null,
            target_kind: 'metrics-test',
            target_id: '2',
            resource_id: null,
            payload: null,
            state: 'failed',
            due_at: createdAt,
            created_at: createdAt,
          },
        ])
        .execute();

      const text = await scrape();
      expect(sample(text, 'toolpass_usage_sessions_running')).toBe(runningBefore + 1);
      expect(sample(text, 'toolpass_delivery_jobs{kind="metrics-test",state="pending"}')).toBe(1);
      expect(sample(text, 'toolpass_delivery_jobs{kind="metrics-test",state="failed"}')).toBe(1);
      const age = sample(text, 'toolpass_delivery_oldest_pending_seconds{kind="metrics-test"}') ?? 0;
      expect(age).toBeGreaterThanOrEqual(89);
      expect(age).toBeLessThan(600);
      expect(sample(text, 'toolpass_live_streams_open')).toBe(0);
      expect(sample(text, 'toolpass_readers_connected')).toBe(0);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      if (dialect === 'postgres') {
        expect(sample(text, 'toolpass_database_pool_connections{state="total"}')).toBeGreaterThan(0);
      }
    });
  });
});
