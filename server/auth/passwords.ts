// Password hashing, for the account routes and repository and for the seed's
// demo shopper: outside plugins/app, so that the database's seed need not
// reach into the app's plugins (see docs/architecture.md).
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string | Buffer, salt: Buffer, keylen: number, options: crypto.ScryptOptions,
) => Promise<Buffer>;

// scrypt with N=2^15, r=8, p=1 (OWASP's minimum is N=2^17 with p=1 or
// N=2^15 with higher cost elsewhere; 2^15 keeps login near 60 ms on our 2 cores).
const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** A hash of something to compare against when the account does not exist, so timing tells nothing. */
export const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/**
 * A one-time password the command line or the first start prints: 12
 * characters from letters and digits that are not mistaken for each other
 * (no 0/O, 1/l/I), about 70 bits.
 */
export function oneTimePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 12 }, () => alphabet[crypto.randomInt(alphabet.length)]).join('');
}
