import { HealthSchema, ReadinessSchema } from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { pingDatabase } from '../../platform/db/database.ts';
import type { Readiness } from '../../platform/lifecycle/readiness.ts';

export function healthRoutes(deps: {
  database: DatabaseHandle;
  version: string;
  readiness: Readiness;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['System'],
          summary: 'Liveness and database reachability',
          response: { 200: HealthSchema, 503: HealthSchema },
        },
      },
      async (_request, reply) => {
        const reachable = await pingDatabase(deps.database.db);
        return reply.status(reachable ? 200 : 503).send({
          status: reachable ? 'ok' : 'degraded',
          database: { reachable, dialect: deps.database.dialect },
          version: deps.version,
        });
      },
    );

    app.get(
      '/api/ready',
      {
        schema: {
          tags: ['System'],
          summary: 'Readiness: 503 while the database is unreachable, migrations run, or the server stops',
          response: { 200: ReadinessSchema, 503: ReadinessSchema },
        },
      },
      async (_request, reply) => {
        const { ready, checks } = await deps.readiness.check();
        return reply
          .status(ready ? 200 : 503)
          .header('cache-control', 'no-store')
          .send({ status: ready ? 'ready' : 'not-ready', checks });
      },
    );
  };
}
