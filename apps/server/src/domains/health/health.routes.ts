import { HealthSchema } from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../platform/db/database.ts';
import { pingDatabase } from '../../platform/db/database.ts';

export function healthRoutes(deps: { database: DatabaseHandle; version: string }): FastifyPluginAsyncZod {
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
  };
}
