// The dialect setup: the only place that knows whether the database is SQLite
// (a file path, the default) or PostgreSQL (a postgres:// URL). Everything
// else speaks Kysely; what differs between the two is asked of this module
// (docs/architecture.md, "Two databases").
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  SqliteDriver,
  CompiledQuery,
  PostgresAdapter,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type DatabaseConnection,
  type Driver,
  type Transaction,
  type TransactionBuilder,
  type TransactionSettings,
  sql,
} from 'kysely';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** What a repository's query runs on: the database, or a transaction a service opened over it. */
export type Q = Kysely<Database> | Transaction<Database>;

/**
 * Transactions take the write lock at BEGIN (BEGIN IMMEDIATE), so two
 * writers, in this process or another (the shop command), never both read
 * and then fail to upgrade their lock half-way through a checkout.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #raw: BetterSqlite3.Database;
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#raw = config.database as BetterSqlite3.Database;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * SQLite ends a transaction by itself on some errors (a full disk, an I/O
   * error, memory): a second rollback then fails with "no transaction is
   * active", and that error, a plain SQLITE_ERROR, took the place of the
   * SQLITE_FULL the caller must see to answer 503.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#raw.inTransaction) return;
    await super.rollbackTransaction(connection);
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * Kysely's SQLite connection prepares every statement anew; preparing costs
 * more than running most of our queries, so keep prepared statements by SQL.
 */
function withStatementCache(db: BetterSqlite3.Database): BetterSqlite3.Database {
  const cache = new Map<string, BetterSqlite3.Statement>();
  const prepare = db.prepare.bind(db);
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'prepare') {
        return (source: string) => {
          let stmt = cache.get(source);
          if (!stmt) {
            stmt = prepare(source);
            if (cache.size > 500) cache.clear();
            cache.set(source, stmt);
          }
          return stmt;
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export type Dialect = 'sqlite' | 'postgres';

/** How the database carries a change from one server instance to the others (plugins/app/changes.ts). */
export interface ChangeChannel {
  send(payload: string): Promise<void>;
  /** Calls `message` with each payload sent by any instance, and `gap` when some may have been missed (the connection broke). */
  listen(message: (payload: string) => void, gap: () => void): Promise<() => Promise<void>>;
}

export interface OpenedDatabase {
  db: Db;
  dialect: Dialect;
  /** SQLite's own handle, for PRAGMAs in tests; on PostgreSQL a handle that says, when used, that there is none */
  raw: BetterSqlite3.Database;
  /** one round trip: resolves when the database answers (the health check) */
  ping(): Promise<void>;
  /** PostgreSQL: how a change reaches the other instances (NOTIFY/LISTEN); null on SQLite, one process */
  channel: ChangeChannel | null;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** SQLite: how long a write waits for another process's lock before SQLITE_BUSY (→ 503) */
  busyTimeoutMs?: number;
  /** PostgreSQL: the pool's connections (DATABASE_POOL_SIZE) */
  poolSize?: number;
  /** PostgreSQL: a statement running longer is cancelled (DATABASE_STATEMENT_TIMEOUT_MS) */
  statementTimeoutMs?: number;
  /** PostgreSQL: told of an idle connection's error (the server restarted, the network dropped); the pool replaces it */
  onPoolError?: (error: Error) => void;
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

/**
 * better-sqlite3 waits for a lock held by another process synchronously,
 * stalling every request meanwhile: wait briefly, then answer 503 Retry-After.
 * The shop command's transactions take milliseconds.
 */
const BUSY_TIMEOUT_MS = 500;

export function openDatabase(url: string, options: OpenOptions = {}): OpenedDatabase {
  return isPostgresUrl(url) ? openPostgres(url, options) : openSqlite(url, options.busyTimeoutMs ?? BUSY_TIMEOUT_MS);
}

function openSqlite(url: string, busyTimeoutMs: number): OpenedDatabase {
  const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const raw = new BetterSqlite3(file, { timeout: busyTimeoutMs });
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(raw) }),
  });
  const healthCheck = raw.prepare('select 1');
  let closed = false;
  return {
    db,
    dialect: 'sqlite',
    raw,
    channel: null,
    async ping() {
      healthCheck.get();
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

// PostgreSQL answers count(*) and sums as bigint and numeric, which pg hands over as strings so as
// not to lose digits. Every such figure here (counts, piastres, points) is far below 2^53: read
// them as numbers, as SQLite gives them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/**
 * Every PostgreSQL transaction is SERIALIZABLE: it commits only if running it alone, in some order
 * with the others, would have given the same result, which is what SQLite's one-writer-at-a-time
 * gives (docs/decisions.md, "PostgreSQL: serializable transactions, retried"). A transaction that
 * PostgreSQL cannot fit in such an order fails with 40001 and is run again (RetryingKysely).
 */
class SerializablePostgresDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('start transaction isolation level serializable'));
  }
}

class SerializablePostgresDialect extends PostgresDialect {
  readonly #config: ConstructorParameters<typeof PostgresDialect>[0];
  constructor(config: ConstructorParameters<typeof PostgresDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new SerializablePostgresDriver(this.#config);
  }
}

/** Attempts of one transaction that PostgreSQL refused as not serializable (or a deadlock) before the error is answered 503. */
export const TRANSACTION_ATTEMPTS = 10;

const retryable = (error: unknown) => ['40001', '40P01'].includes(codeOf(error));

/**
 * `db` whose `transaction().execute(work)` runs `work` again, from the start, when PostgreSQL
 * refuses it as not serializable or a deadlock victim: up to TRANSACTION_ATTEMPTS times, with a
 * short random pause that grows, so that the transactions that met do not meet again. `work`
 * must therefore only change the database, or what it returns (every transaction here does).
 */
/**
 * A Kysely whose `transaction().execute(work)` runs `work` again, from the start, when PostgreSQL
 * refuses it as not serializable or a deadlock victim: up to TRANSACTION_ATTEMPTS times, with a
 * short random pause that grows, so that the transactions that met do not meet again. `work`
 * must therefore only change the database, or what it returns (every transaction here does).
 */
class RetryingKysely extends Kysely<Database> {
  override transaction(): TransactionBuilder<Database> {
    const start = () => super.transaction();
    return Object.assign(Object.create(start()), {
      async execute<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
        for (let attempt = 1; ; attempt++) {
          try {
            return await start().execute(work);
          } catch (error) {
            if (!retryable(error) || attempt >= TRANSACTION_ATTEMPTS) throw error;
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** Math.min(attempt, 6)));
          }
        }
      },
    });
  }
}

function openPostgres(url: string, options: OpenOptions): OpenedDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    // A database that is down is said at once (503), not after a long wait for a connection.
    connectionTimeoutMillis: 5_000,
  });
  // An idle connection that breaks (the database restarted) emits 'error' on the pool; unheard, it
  // would end the process. The pool drops that connection and opens a new one when next asked.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = new RetryingKysely({ dialect: new SerializablePostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    dialect: 'postgres',
    raw: noSqliteHandle(),
    channel: postgresChannel(url, pool),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

const CHANNEL = 'attar_changes';

/**
 * NOTIFY through the pool; LISTEN on a connection of its own, opened again (after a pause that
 * grows to 5 s) whenever it breaks, and then `gap` is called: what was sent meanwhile is lost.
 */
function postgresChannel(url: string, pool: pg.Pool): ChangeChannel {
  return {
    async send(payload) {
      await pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    },
    async listen(message, gap) {
      let client: pg.Client | null = null;
      let stopped = false;
      let pause = 100;
      // One reconnection at a time: a failed attempt, and the end of a connection that failed, start none of their own.
      let scheduled = false;
      const schedule = () => {
        if (stopped || scheduled) return;
        scheduled = true;
        setTimeout(() => {
          scheduled = false;
          void reconnect();
        }, pause);
      };
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (n) => { if (n.payload) message(n.payload); });
        next.on('error', () => undefined);
        try {
          await next.connect();
          await next.query(`listen ${CHANNEL}`);
        } catch (error) {
          await next.end().catch(() => undefined);
          throw error;
        }
        if (stopped) {
          await next.end().catch(() => undefined);
          return;
        }
        next.on('end', () => {
          if (client !== next) return;
          client = null;
          schedule();
        });
        client = next;
      };
      const reconnect = async () => {
        if (stopped) return;
        try {
          await connect();
          pause = 100;
          gap();
        } catch {
          pause = Math.min(pause * 2, 5_000);
          schedule();
        }
      };
      await connect();
      return async () => {
        stopped = true;
        await (client as pg.Client | null)?.end().catch(() => undefined);
      };
    },
  };
}

/** On PostgreSQL there is no SQLite handle: anything that reaches for one is told so by name. */
function noSqliteHandle(): BetterSqlite3.Database {
  return new Proxy({} as BetterSqlite3.Database, {
    get(_target, prop) {
      // What Fastify's decorate and a promise check look for on any value is simply not there.
      if (typeof prop === 'symbol' || prop === 'getter' || prop === 'setter' || prop === 'then') return undefined;
      throw new Error(`the SQLite handle (.${String(prop)}) was used on PostgreSQL: go through Kysely (app.db)`);
    },
  });
}

/** Whether `db` (a database or a transaction over it) speaks PostgreSQL. */
export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Runs the rest of the transaction `trx` alone among every process that asks for the same `key`:
 * on PostgreSQL a transaction-scoped advisory lock (released at commit or rollback); on SQLite
 * nothing more is needed, since BEGIN IMMEDIATE already lets one writer in at a time.
 */
export async function exclusively(trx: Kysely<any>, key: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** An auto-increment integer primary key, written the way each dialect wants it. */
export function idColumn<T extends string>(
  db: Kysely<any>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  const postgres = isPostgres(db);
  return table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
  );
}

/**
 * PostgreSQL's SQLSTATEs and the driver's network codes that mean "try again later": a
 * serialization failure, a deadlock, too many connections, a database starting or shutting down,
 * a statement cancelled by its time limit, a connection refused, reset or timed out.
 */
const PG_RETRY_STATES = new Set(['40001', '40P01', '53300', '57014', '57P01', '57P02', '57P03', '55P03']);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

const codeOf = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? '');

/** Errors that mean "try again later", not "your request is wrong", on either database: answered 503 with Retry-After. */
export function isBusyError(error: unknown): boolean {
  const code = codeOf(error);
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return true;
  if (PG_RETRY_STATES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code)) return true;
  // pg-pool's own words when no connection came within connectionTimeoutMillis, or the connection ended.
  const message = error instanceof Error ? error.message : '';
  return /timeout exceeded when trying to connect|Connection terminated/i.test(message);
}

/** The disk (or memory) is full: the request cannot be done now. */
export function isFullError(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_FULL' || code.startsWith('SQLITE_IOERR') || code === '53100' || code === '53200';
}

export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
