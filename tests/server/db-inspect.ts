// What the server tests read of the database itself, on either one (SQLite or PostgreSQL): the
// rows a user's tables hold, a query's plan, and a database made to fail.
import { CompiledQuery, sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

/** Matches either database's words for a unique index refusing a row. */
export const UNIQUE_VIOLATION = /UNIQUE constraint failed|duplicate key value violates unique constraint/;

/** Every row that names `userId`, by table, for each table with a user_id column, in a stable order. */
export async function rowsOfUser(app: FastifyInstance, userId: number): Promise<Record<string, unknown[]>> {
  const tables = (await app.db.introspection.getTables())
    .filter((t) => !t.name.startsWith('kysely_') && t.columns.some((c) => c.name === 'user_id'))
    .sort((x, y) => x.name.localeCompare(y.name));
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    const order = table.columns.some((c) => c.name === 'id') ? ['id'] : table.columns.map((c) => c.name).sort();
    let query = app.db.selectFrom(table.name as never).selectAll().where('user_id' as never, '=', userId as never);
    for (const column of order) query = query.orderBy(column as never);
    rows[table.name] = await query.execute();
  }
  return rows;
}

/**
 * The query's plan, one line per step: SQLite's EXPLAIN QUERY PLAN details, or PostgreSQL's EXPLAIN
 * lines, asked with sequential scans discouraged, so that a plan still reading a table whole means
 * no index can serve the query (on a small test table PostgreSQL would otherwise prefer the scan).
 */
export async function planOf(app: FastifyInstance, query: CompiledQuery): Promise<string[]> {
  if (app.dbDialect === 'sqlite') {
    return (app.rawDb.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...(query.parameters as unknown[])) as { detail: string }[]).map((r) => r.detail);
  }
  return app.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]));
    return result.rows.map((r) => r['QUERY PLAN'].trim());
  });
}

/** PostgreSQL plan lines that read `table` (by its alias in the query, or its name) whole. */
export const wholeTableReads = (plan: string[], table: string) =>
  plan.filter((line) => new RegExp(`Seq Scan on ${table}\\b`).test(line));

/** Makes the app's database fail every query from now on (a dead connection), as a disk or server gone would. */
export async function breakDatabase(app: FastifyInstance): Promise<void> {
  if (app.dbDialect === 'sqlite') app.rawDb.close();
  else await app.db.destroy();
}
