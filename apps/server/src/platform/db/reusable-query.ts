import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * Compiles a query once and runs it with new values each time, skipping Kysely's per-call
 * building and compiling, which costs more than SQLite's own work on the hottest look-ups.
 *
 * `build` receives placeholders; each is found by identity among the compiled parameters, so
 * the mapping does not depend on the order in which Kysely emits them.
 */
export function reusableQuery<DB, Params extends Record<string, unknown>, Row>(
  db: Kysely<DB>,
  paramNames: readonly (keyof Params & string)[],
  build: (db: Kysely<DB>, placeholders: Record<keyof Params, never>) => Compilable<Row>,
) {
  const markers = Object.fromEntries(paramNames.map((name) => [name, Symbol(name)])) as unknown as Record<
    keyof Params,
    never
  >;
  const compiled = build(db, markers).compile();
  const slots = compiled.parameters.map((value) => paramNames.find((name) => markers[name] === value));
  if (slots.some((slot) => slot === undefined) || new Set(slots).size !== paramNames.length) {
    throw new Error('reusableQuery: every parameter must be a placeholder, each used at least once');
  }
  return async (executor: Kysely<DB>, params: Params): Promise<Row[]> => {
    const query: CompiledQuery<Row> = {
      ...compiled,
      parameters: slots.map((slot) => params[slot as keyof Params]),
    };
    return (await executor.executeQuery(query)).rows;
  };
}
