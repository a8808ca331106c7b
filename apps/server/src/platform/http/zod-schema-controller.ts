import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { rememberFrozenPayloads } from './frozen-payload-serializer.ts';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * The contracts' zod schemas validate requests and serialize answers. Handed to Fastify as the
 * factories of its schema controller, they keep Fastify from loading its own JSON Schema
 * compilers (Ajv and fast-json-stringify) at start, which `setValidatorCompiler` would not:
 * about a tenth of the start-up time (issue 31).
 *
 * Fastify types these factories in Ajv's terms (a schema may be a boolean); at run time it calls
 * them once and hands the compiler each route's schema, which is all the zod compilers need.
 */
export const zodCompilersFactory = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => rememberFrozenPayloads(serializerCompiler),
} as unknown as CompilersFactory;
