import type BetterSqlite3 from 'better-sqlite3';
import type { Db } from './db/database.ts';
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
    /** the raw SQLite handle, for the health check and PRAGMAs */
    rawDb: BetterSqlite3.Database;
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
