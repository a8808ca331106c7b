import type { FastifyContextConfig, FastifyRequest, FastifySchema } from 'fastify';

type Guard = (request: FastifyRequest) => Promise<void>;

const bearerAuth = [{ bearerAuth: [] }];

/**
 * The options every route of one API family repeats: its OpenAPI tag, the access check (a hook
 * before validation, see route-guards.ts) with the bearer security it documents, and the
 * family's answer to refused input. A route names only its own schema, and a guard or an answer
 * to refused input of its own where it differs from the family's.
 */
export function routeOptions(family: { tag: string; guard: Guard; config?: FastifyContextConfig }) {
  const tags = [family.tag];
  const config = family.config ?? {};
  return {
    /** A route for signed-in callers that pass the family's guard, or the one given. */
    guarded<S extends FastifySchema>(schema: S, own: { guard?: Guard; config?: FastifyContextConfig } = {}) {
      return {
        preValidation: own.guard ?? family.guard,
        config: own.config ?? config,
        schema: { tags, security: bearerAuth, ...schema },
      };
    },
    /** A route anyone may call: no guard, no security. */
    open<S extends FastifySchema>(schema: S) {
      return { config, schema: { tags, ...schema } };
    },
  };
}
