import crypto from 'node:crypto';
import type { Db } from '../../../db/database.ts';
import type { User } from '../../../db/schema.ts';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, base64url; only its hash is stored. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export async function issueToken(db: Db, userId: number, ttlDays: number, now = new Date()): Promise<string> {
  const token = newToken();
  await db.insertInto('tokens').values({
    user_id: userId,
    token_hash: hashToken(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ttlDays * 86_400_000).toISOString(),
    revoked_at: null,
  }).execute();
  return token;
}

export async function findActiveToken(db: Db, token: string, now = new Date()) {
  return db.selectFrom('tokens')
    .select(['id', 'user_id'])
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

export async function revokeToken(db: Db, tokenId: number, now = new Date()) {
  await db.updateTable('tokens').set({ revoked_at: now.toISOString() })
    .where('id', '=', tokenId).where('revoked_at', 'is', null).execute();
}

export async function revokeOtherTokens(db: Db, userId: number, keepTokenId: number, now = new Date()) {
  await db.updateTable('tokens').set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId).where('id', '!=', keepTokenId).where('revoked_at', 'is', null).execute();
}

export function findUserByLogin(db: Db, login: { email?: string; phone?: string }) {
  let q = db.selectFrom('users').selectAll();
  if (login.email) q = q.where('email', '=', login.email);
  else if (login.phone) q = q.where('phone', '=', login.phone);
  else return Promise.resolve(undefined);
  return q.executeTakeFirst();
}

export function findUser(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function publicUser(u: User) {
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    phone: u.phone,
    birth_date: u.birth_date,
    points: u.points,
  };
}
