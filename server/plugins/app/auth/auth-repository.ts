import crypto from 'node:crypto';
import type { Db } from '../../../db/database.ts';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, base64url; only its hash is stored. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

interface CachedToken {
  tokenId: number;
  userId: number;
  expiresAt: number;
  cachedUntil: number;
}

/**
 * Bearer tokens: issued, looked up, revoked. On SQLite (one server process)
 * look-ups are cached for a few seconds because every signed-in call makes
 * one; revoking in this process evicts at once, so log-out and a password
 * change take effect immediately. On PostgreSQL, where other instances revoke
 * too, nothing is cached (`cacheMs` 0): every look-up is the database's
 * answer, one indexed read, so a token revoked anywhere is refused everywhere
 * at the next request.
 */
export class TokenStore {
  readonly #cache = new Map<string, CachedToken>();
  /** How long one server process trusts a look-up on SQLite. */
  static readonly CACHE_MS = 10_000;

  constructor(private readonly db: Db, private readonly ttlDays: number, private readonly cacheMs = TokenStore.CACHE_MS) {}

  async issue(userId: number, now = new Date()): Promise<string> {
    const token = newToken();
    await this.db.insertInto('tokens').values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.ttlDays * 86_400_000).toISOString(),
      revoked_at: null,
    }).execute();
    return token;
  }

  async find(token: string, now = Date.now()): Promise<{ id: number; user_id: number } | undefined> {
    const hash = hashToken(token);
    const cached = this.#cache.get(hash);
    if (cached && cached.cachedUntil > now) {
      if (cached.expiresAt > now) return { id: cached.tokenId, user_id: cached.userId };
      this.#cache.delete(hash);
      return undefined;
    }
    const row = await this.db.selectFrom('tokens')
      .select(['id', 'user_id', 'expires_at'])
      .where('token_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date(now).toISOString())
      .executeTakeFirst();
    if (!row) {
      this.#cache.delete(hash);
      return undefined;
    }
    if (this.cacheMs > 0) {
      if (this.#cache.size > 50_000) this.#cache.clear();
      this.#cache.set(hash, { tokenId: row.id, userId: row.user_id, expiresAt: Date.parse(row.expires_at), cachedUntil: now + this.cacheMs });
    }
    return { id: row.id, user_id: row.user_id };
  }

  async revoke(tokenId: number, now = new Date()) {
    await this.db.updateTable('tokens').set({ revoked_at: now.toISOString() })
      .where('id', '=', tokenId).where('revoked_at', 'is', null).execute();
    for (const [hash, entry] of this.#cache) if (entry.tokenId === tokenId) this.#cache.delete(hash);
  }

  async revokeOthers(userId: number, keepTokenId: number, now = new Date()) {
    await this.db.updateTable('tokens').set({ revoked_at: now.toISOString() })
      .where('user_id', '=', userId).where('id', '!=', keepTokenId).where('revoked_at', 'is', null).execute();
    for (const [hash, entry] of this.#cache) if (entry.userId === userId && entry.tokenId !== keepTokenId) this.#cache.delete(hash);
  }

  /** Forgets the cached look-ups of one account's tokens, after they were revoked in a transaction of their own (the back office's "remove access"). */
  forgetUser(userId: number) {
    for (const [hash, entry] of this.#cache) if (entry.userId === userId) this.#cache.delete(hash);
  }

  /** Forgets cached look-ups, e.g. after tokens changed outside this process. */
  clearCache() {
    this.#cache.clear();
  }
}
