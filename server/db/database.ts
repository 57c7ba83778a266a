// The dialect setup: the only place that knows the database is SQLite.
// Everything else speaks Kysely, whose queries and migrations also run on
// PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  SqliteDialect,
  SqliteDriver,
  CompiledQuery,
  PostgresAdapter,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type DatabaseConnection,
  type Driver,
  type Transaction,
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

export interface OpenedDatabase {
  db: Db;
  /** the raw handle, for PRAGMAs in health checks and tests */
  raw: BetterSqlite3.Database;
  close(): Promise<void>;
}

/**
 * better-sqlite3 waits for a lock held by another process synchronously,
 * stalling every request meanwhile: wait briefly, then answer 503 Retry-After.
 * The shop command's transactions take milliseconds.
 */
const BUSY_TIMEOUT_MS = 500;

export function openDatabase(url: string, busyTimeoutMs = BUSY_TIMEOUT_MS): OpenedDatabase {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    throw new Error('PostgreSQL needs the pg dialect, which this build does not include yet');
  }
  const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : url;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const raw = new BetterSqlite3(file, { timeout: busyTimeoutMs });
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(raw) }),
  });
  let closed = false;
  return {
    db,
    raw,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** An auto-increment integer primary key, written the way each dialect wants it. */
export function idColumn<T extends string>(
  db: Kysely<any>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return table.addColumn('id', 'integer', (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
  );
}

/** SQLite error codes that mean "try again later", not "your request is wrong". */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

export function isFullError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? '';
  return code === 'SQLITE_FULL' || code.startsWith('SQLITE_IOERR');
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? '';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
