// The one settings module: process configuration and the shop's business
// numbers (docs/rules.md, "Settings"). Defaults live here; the environment
// overrides them at start, and rows of the `settings` table override them after
// migrations.
import path from 'node:path';
import { findGovernorate } from './contract/governorates.ts';

export interface ShopSettings {
  /** scheduled-delivery fee, piastres */
  shippingFee: number;
  /** the scheduled-delivery fee of a governorate (its code), piastres; one not listed pays shippingFee */
  governorateFees: Record<string, number>;
  /** price_after_coupon at or above this ships free, piastres */
  freeShippingThreshold: number;
  /** worth of one point, piastres */
  pointValue: number;
  minPointsToUse: number;
  /** points earned per whole EGP of summary.total */
  pointsPerEgp: number;
  standardDeliveryDays: number;
  scheduledMinDays: number;
  scheduledMaxDays: number;
  /** weekdays (0 = Sunday) with no scheduled delivery; Friday by default. The cart tells the storefront (closed_weekdays) */
  closedWeekdays: number[];
  timeZone: string;
  /** the shop's Vodafone Cash wallet */
  walletPhone: string;
  tokenTtlDays: number;
  authRateLimitMax: number;
  authRateLimitWindowMs: number;
  /** log-in attempts per client address and window, over all accounts */
  authRateLimitPerAddressMax: number;
  /** reviews an account may send (first ones and edits) per window */
  reviewRateLimitMax: number;
  reviewRateLimitWindowMs: number;
  /** how long a finished Idempotency-Key (checkout, cart and wishlist changes) replays its answer */
  idempotencyTtlMs: number;
  /** how long a request waits for another request holding the same idempotency key */
  idempotencyWaitMs: number;
  /** an in-flight key older than this was abandoned (crash) and may be taken over */
  idempotencyStaleMs: number;
  /**
   * how long a claim on an idempotency key lasts unless its holder renews it
   * (it does, a few times per lease, while its request runs); a retry takes
   * over a key whose lease ran out. Under idempotencyWaitMs, so a retry after a
   * crash waits it out rather than meeting 409.
   */
  idempotencyLeaseMs: number;
  perPageDefault: number;
  perPageMax: number;
}

export const DEFAULT_SETTINGS: ShopSettings = {
  shippingFee: 6000,
  governorateFees: {},
  freeShippingThreshold: 150000,
  pointValue: 5,
  minPointsToUse: 1000,
  pointsPerEgp: 1,
  standardDeliveryDays: 7,
  scheduledMinDays: 2,
  scheduledMaxDays: 30,
  closedWeekdays: [5],
  timeZone: 'Africa/Cairo',
  walletPhone: '01012345678',
  tokenTtlDays: 30,
  authRateLimitMax: 10,
  authRateLimitWindowMs: 15 * 60 * 1000,
  authRateLimitPerAddressMax: 100,
  // A shopper writes a review, then fixes a typo or two: ten an hour is plenty,
  // and a script holding one account cannot flood the shop with writes.
  reviewRateLimitMax: 10,
  reviewRateLimitWindowMs: 60 * 60 * 1000,
  // Longer than the storefront keeps a change waiting offline (7 days): a change
  // whose first answer was lost must still replay, not run again, when it is resent.
  idempotencyTtlMs: 8 * 24 * 60 * 60 * 1000,
  idempotencyWaitMs: 5000,
  idempotencyStaleMs: 60_000,
  idempotencyLeaseMs: 3000,
  perPageDefault: 12,
  perPageMax: 48,
};

/** Environment variable for each setting: SHOP_ + UPPER_SNAKE of the key. */
export function settingEnvName(key: keyof ShopSettings): string {
  return 'SHOP_' + key.replace(/[A-Z]/g, (c) => '_' + c).toUpperCase();
}

/** Written for "nothing" in a list or a table of fees: an empty value means "the default" instead. */
export const NONE = 'none';

/** Parses one override (from the environment or the settings table) against the default's type. */
export function parseSetting<K extends keyof ShopSettings>(key: K, raw: string): ShopSettings[K] {
  const fallback = DEFAULT_SETTINGS[key];
  if (Array.isArray(fallback)) {
    const list = raw.split(',').map((s) => s.trim()).filter(Boolean).map(Number).filter((n) => Number.isInteger(n));
    return list as ShopSettings[K];
  }
  if (typeof fallback === 'object') return parseFees(key, raw) as ShopSettings[K];
  if (typeof fallback === 'number') {
    const n = Number(raw);
    if (!Number.isFinite(n)) throw new Error(`Setting ${key} must be a number, got "${raw}"`);
    return n as ShopSettings[K];
  }
  return raw as ShopSettings[K];
}

/** `cairo=4000,aswan=9000` (governorate code or name = piastres), or `none`: a governorate not named pays the default fee. */
function parseFees(key: string, raw: string): Record<string, number> {
  const fees: Record<string, number> = {};
  if (raw.trim().toLowerCase() === NONE) return fees;
  for (const part of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [name, value = ''] = part.split('=').map((s) => s.trim());
    const governorate = findGovernorate(name);
    const fee = Number(value);
    if (!governorate || value === '' || !Number.isInteger(fee) || fee < 0) {
      throw new Error(`Setting ${key}: "${part}" is not a governorate and a fee in piastres, like cairo=4000`);
    }
    fees[governorate.code] = fee;
  }
  return fees;
}

/** A setting written back as parseSetting reads it (the settings table's value). */
export function formatSetting<K extends keyof ShopSettings>(key: K, value: ShopSettings[K]): string {
  if (Array.isArray(value)) return value.length ? value.join(',') : NONE;
  if (typeof value === 'object') {
    const pairs = Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([code, fee]) => `${code}=${fee}`);
    return pairs.length ? pairs.join(',') : NONE;
  }
  return String(value);
}

/**
 * The settings with overrides on top, in order (the environment's, then the
 * settings table's rows). An empty value is no override, wherever it comes
 * from: the setting keeps what it had.
 */
export function mergeSettings(
  base: ShopSettings,
  overrides: Iterable<[string, string]>,
): ShopSettings {
  const merged: ShopSettings = { ...base };
  for (const [key, raw] of overrides) {
    if (key in DEFAULT_SETTINGS && raw.trim() !== '') {
      const k = key as keyof ShopSettings;
      (merged as unknown as Record<string, unknown>)[k] = parseSetting(k, raw);
    }
  }
  return merged;
}

export interface AppConfig {
  port: number;
  host: string;
  /** a SQLite file path, or ':memory:' */
  databaseUrl: string;
  /** PostgreSQL only: connections each instance's pool may hold (DATABASE_POOL_SIZE) */
  databasePoolSize: number;
  /** PostgreSQL only: a statement running longer is cancelled (DATABASE_STATEMENT_TIMEOUT_MS) */
  databaseStatementTimeoutMs: number;
  logLevel: string;
  /** where generated and uploaded images live; served under /media */
  mediaDir: string;
  /** the built storefront; served when it exists */
  distDir: string;
  /** largest accepted request body, bytes */
  bodyLimit: number;
  /** seed the demo shop on first start */
  seed: boolean;
  /**
   * The demo owner's (owner@attar.eg) password, for tests and demos. Unset,
   * the first start makes a random one-time password and prints it once.
   */
  demoOwnerPassword: string | null;
  /**
   * Which proxies' X-Forwarded-For to believe: false (none, the default), a
   * hop count, or addresses. Believing any client would let it pick its own
   * address and dodge every per-address rate limit.
   */
  trustProxy: boolean | number | string;
  /**
   * Other sites' origins allowed to call the API from a browser (CORS), each
   * exactly as the browser sends it (`https://attar.eg`). Empty by default:
   * the storefront is served from the API's own origin and needs none. An
   * origin not listed gets no CORS header at all: it is never echoed back.
   */
  corsOrigins: string[];
  /**
   * The whole request, headers and body, must arrive within this (ms); a
   * client that sends its body a byte at a time is then cut off, not kept.
   */
  requestTimeoutMs: number;
  /** The request's headers must arrive within this (ms); at most requestTimeoutMs. */
  headersTimeoutMs: number;
  /** A connection on which nothing moves, either way, for this long (ms) is closed. */
  idleTimeoutMs: number;
  /** How long a kept-alive connection waits for its next request (ms). */
  keepAliveTimeoutMs: number;
  /**
   * Requests one connection may carry: the last one's answer tells the client
   * to reconnect (`Connection: close`), and Node answers any request sent on
   * it afterwards with 503.
   */
  maxRequestsPerConnection: number;
  /**
   * Connections one client address may hold open at once; one more is closed
   * as it opens. A proxy TRUST_PROXY trusts is not counted (it carries many
   * shoppers and caps each itself).
   */
  maxConnectionsPerAddress: number;
  /**
   * Behind a load balancer: on SIGTERM, how long (ms) the server keeps
   * serving while /api/health answers 503, so the balancer's health check
   * takes it out before it stops accepting. 0 (the default): close at once.
   */
  shutdownDrainMs: number;
  /**
   * The shop's address as shoppers reach it (PUBLIC_URL), for the links in its
   * mails: never taken from a request's Host header, which the sender picks.
   */
  publicUrl: string;
  /** The SMTP server mail goes through (SMTP_URL, `smtp://user:pass@host:587`); null: mail goes to the log and the owner's outbox. */
  smtpUrl: string | null;
  /** The mails' sender (MAIL_FROM). */
  mailFrom: string;
  settings: ShopSettings;
}

/** The connection limits: environment variable and default of each. */
export const CONNECTION_LIMITS = {
  requestTimeoutMs: { env: 'REQUEST_TIMEOUT_MS', default: 30_000 },
  headersTimeoutMs: { env: 'HEADERS_TIMEOUT_MS', default: 15_000 },
  idleTimeoutMs: { env: 'IDLE_TIMEOUT_MS', default: 60_000 },
  keepAliveTimeoutMs: { env: 'KEEP_ALIVE_TIMEOUT_MS', default: 5_000 },
  maxRequestsPerConnection: { env: 'MAX_REQUESTS_PER_CONNECTION', default: 1000 },
  maxConnectionsPerAddress: { env: 'MAX_CONNECTIONS_PER_ADDRESS', default: 32 },
} as const;

export type ConnectionLimits = { -readonly [K in keyof typeof CONNECTION_LIMITS]: number };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = process.cwd();
  const envSettings = Object.keys(DEFAULT_SETTINGS)
    .map((k) => [k, env[settingEnvName(k as keyof ShopSettings)]] as const)
    .filter((pair): pair is readonly [string, string] => typeof pair[1] === 'string' && pair[1] !== '');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? path.join(root, 'data', 'attar.db'),
    databasePoolSize: wholeNumber(env, 'DATABASE_POOL_SIZE', 10),
    databaseStatementTimeoutMs: wholeNumber(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 10_000),
    logLevel: env.LOG_LEVEL ?? 'info',
    mediaDir: env.MEDIA_DIR ?? path.join(root, 'data', 'media'),
    distDir: env.DIST_DIR ?? path.join(root, 'dist'),
    bodyLimit: Number(env.BODY_LIMIT ?? 64 * 1024),
    seed: env.SEED !== 'false',
    demoOwnerPassword: env.DEMO_OWNER_PASSWORD ? env.DEMO_OWNER_PASSWORD : null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: parseOrigins(env.CORS_ORIGINS),
    ...parseConnectionLimits(env),
    shutdownDrainMs: parseDrainMs(env.SHUTDOWN_DRAIN_MS),
    publicUrl: parsePublicUrl(env.PUBLIC_URL, Number(env.PORT ?? 8080)),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || 'Attar <no-reply@attar.eg>',
    settings: mergeSettings(DEFAULT_SETTINGS, envSettings.map(([k, v]) => [k, v])),
  };
}

/** PUBLIC_URL: the shop's origin (a path is kept for a shop served under one); http://localhost:PORT when unset. */
export function parsePublicUrl(value: string | undefined, port: number): string {
  const raw = value?.trim() || `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL: "${raw}" is not an address; write it as shoppers open the shop, like https://attar.eg`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`PUBLIC_URL: "${raw}" must start with https:// or http://`);
  return url.href.replace(/\/+$/, '');
}

/** SMTP_URL: smtp:// or smtps://, or unset (mail goes to the log and the outbox). */
export function parseSmtpUrl(value: string | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  let ok = false;
  try {
    const url = new URL(raw);
    ok = (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    ok = false;
  }
  if (!ok) throw new Error('SMTP_URL: not an smtp:// or smtps:// address (like smtp://user:password@mail.example.com:587)');
  return raw;
}

/** CORS_ORIGINS: origins separated by commas or spaces; anything that is not a bare origin stops the start, named. */
export function parseOrigins(value: string | undefined): string[] {
  const origins = (value ?? '').split(/[\s,]+/).filter(Boolean);
  for (const origin of origins) {
    let bare = false;
    try {
      const url = new URL(origin);
      // A host of letters, digits, dots and hyphens (or an IPv6 literal): no wildcard reaches the list.
      bare = (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === origin
        && (/^[a-z0-9.-]+$/i.test(url.hostname) || url.hostname.startsWith('['));
    } catch {
      bare = false;
    }
    if (!bare) throw new Error(`CORS_ORIGINS: "${origin}" is not an origin; write it as the browser sends it, like https://attar.eg (no path, no trailing slash)`);
  }
  return origins;
}

/** Node's timers take at most this many ms (about 24.8 days); a longer one would fire at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The connection limits from the environment: each a whole number from 1 up
 * (0 would turn the protection off), the headers' time no longer than the
 * whole request's. Anything else stops the start, naming the variable.
 */
/** A whole number from 1 to the longest timer from the environment, its default when unset; anything else stops the start, named. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > LONGEST_TIMER_MS) {
    throw new Error(`${name}: "${raw}" is not a whole number from 1 to ${LONGEST_TIMER_MS}${name.endsWith('_MS') ? ' (milliseconds)' : ''}; leave it unset for the default, ${fallback}`);
  }
  return value;
}

export function parseConnectionLimits(env: NodeJS.ProcessEnv = process.env): ConnectionLimits {
  const limits = {} as ConnectionLimits;
  for (const [key, { env: name, default: fallback }] of Object.entries(CONNECTION_LIMITS)) {
    limits[key as keyof ConnectionLimits] = wholeNumber(env, name, fallback);
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new Error(`HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) is longer than REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs}): the headers are part of the request, so their limit must not exceed the whole request's`);
  }
  return limits;
}

/** SHUTDOWN_DRAIN_MS: a whole number of ms from 0 (unset: 0); anything else stops the start, named. */
export function parseDrainMs(value: string | undefined): number {
  const raw = value?.trim();
  if (!raw) return 0;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0 || ms > LONGEST_TIMER_MS) {
    throw new Error(`SHUTDOWN_DRAIN_MS: "${raw}" is not a whole number of milliseconds from 0 to ${LONGEST_TIMER_MS}; leave it unset to close at once`);
  }
  return ms;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

