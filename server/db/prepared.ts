import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

/** Stands for the i-th argument while a query is built once. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A fixed-shape query built and compiled once by the dialect in use (so it
 * stays portable), then run with new values. Building and compiling a Kysely
 * query costs more than SQLite takes to run it: 70 of the 96 µs of an
 * add-to-cart upsert. Only for queries whose SQL does not depend on the
 * values (no `in` lists, no optional clauses).
 */
export function prepared<Args extends unknown[], Row>(
  db: Kysely<any>,
  build: (...slots: { [K in keyof Args]: Args[K] }) => Compilable<Row>,
  arity: Args['length'],
) {
  let compiled: CompiledQuery<Row> | null = null;
  return (...args: Args): Promise<QueryResult<Row>> => {
    if (!compiled) {
      const slots = Array.from({ length: arity }, (_, i) => new Slot(i)) as unknown as Args;
      compiled = build(...slots).compile();
      if (!compiled.parameters.some((p) => p instanceof Slot)) {
        throw new Error('prepared(): the query uses none of its arguments');
      }
    }
    const query = compiled;
    return db.executeQuery<Row>({
      ...query,
      parameters: query.parameters.map((p) => (p instanceof Slot ? args[p.index] : p)),
    });
  };
}
