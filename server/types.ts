import type BetterSqlite3 from 'better-sqlite3';
import type { Db, Dialect } from './db/database.ts';
import type { ChangeFeed } from './plugins/app/changes.ts';
import type { Lang } from './i18n/messages.ts';
import type { AppConfig, ShopSettings } from './settings.ts';

export interface AuthUser {
  id: number;
  tokenId: number;
  /** set by the back office's role check (plugins/app/auth/auth.ts) */
  role?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    settings: ShopSettings;
    /** SQLite's own handle, for PRAGMAs in tests (on PostgreSQL, using it throws, naming what reached for it) */
    rawDb: BetterSqlite3.Database;
    /** which database DATABASE_URL chose */
    dbDialect: Dialect;
    /** one round trip to the database (the health check) */
    dbPing(): Promise<void>;
    /** what this instance changes that every instance keeps a copy of (plugins/app/changes.ts) */
    changes: ChangeFeed;
    /** an onRequest hook: answers 401 unless the request carries a valid token */
    authenticate(request: FastifyRequest): Promise<void>;
    /** the signed-in user when a valid token is present, else null */
    optionalUser(request: FastifyRequest): Promise<AuthUser | null>;
  }
  interface FastifyRequest {
    lang: Lang;
    user: AuthUser | null;
  }
}
