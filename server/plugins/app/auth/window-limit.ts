import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../errors.ts';
import { waitMinutes } from '../../../i18n/messages.ts';

function tooMany(resetAt: number, now: number): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  // The header in seconds, for clients; the shopper reads whole minutes.
  return new AppError(429, 'rate_limited', { minutes: waitMinutes(seconds) }, undefined, { 'Retry-After': String(seconds) });
}

/** A key's count in its window, as a hit left it. */
export interface Count {
  hits: number;
  /** ms since the epoch: the window is over from then */
  resetAt: number;
  /** whether this hit was counted (a hit refused by `below` is not) */
  counted: boolean;
}

/** Expired rows are swept at most this often, by whichever instance counts next. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The request limits' counters, in the database so that every server
 * instance counts the same attempts (docs/architecture.md, "Several
 * instances"). Fixed windows: a key's first hit opens its window, and the
 * first hit after it closed opens the next. Each change is one statement, an
 * upsert that reads and writes the row at once, so concurrent hits from any
 * instance are all counted.
 */
export class LimitCounters {
  #sweptAt = 0;

  constructor(private readonly db: Db) {}

  /**
   * Counts one hit on `key`. With `below`, only while the window's count is
   * under it: a hit past the limit is refused and not counted.
   */
  async hit(key: string, windowMs: number, options: { below?: number; now?: number } = {}): Promise<Count> {
    const now = options.now ?? Date.now();
    await this.#sweep(now);
    const { below } = options;
    const counted = await this.db.insertInto('rate_limits').values({ key, hits: 1, reset_at: now + windowMs })
      .onConflict((oc) => {
        const update = oc.column('key').doUpdateSet({
          hits: sql`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
          reset_at: sql`case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end`,
        });
        return below === undefined ? update
          : update.where((eb) => eb.or([eb('rate_limits.reset_at', '<=', now), eb('rate_limits.hits', '<', below)]));
      })
      .returning(['hits', 'reset_at']).executeTakeFirst();
    if (counted) return { hits: Number(counted.hits), resetAt: Number(counted.reset_at), counted: true };
    const row = await this.read(key, now);
    return { hits: row?.hits ?? 0, resetAt: row?.resetAt ?? now + windowMs, counted: false };
  }

  /** The key's count in its current window, or undefined when none is open. */
  async read(key: string, now = Date.now()): Promise<{ hits: number; resetAt: number } | undefined> {
    const row = await this.db.selectFrom('rate_limits').select(['hits', 'reset_at'])
      .where('key', '=', key).where('reset_at', '>', now).executeTakeFirst();
    return row && { hits: Number(row.hits), resetAt: Number(row.reset_at) };
  }

  /** Takes one hit back, within the window it was counted in. */
  async giveBack(key: string, now = Date.now()): Promise<void> {
    await this.db.updateTable('rate_limits').set({ hits: sql`hits - 1` })
      .where('key', '=', key).where('reset_at', '>', now).where('hits', '>', 0).execute();
  }

  /** Forgets the key: its next hit opens a new window. */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async #sweep(now: number) {
    if (now - this.#sweptAt < SWEEP_EVERY_MS) return;
    this.#sweptAt = now;
    await this.db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
  }
}

/**
 * A fixed-window limit per key: every attempt counts, and an attempt that
 * turns out well may be given back (`release`). For a limit beside another
 * (@fastify/rate-limit runs one limiter per request).
 */
export class WindowLimit {
  constructor(
    private readonly counters: LimitCounters,
    /** the limit's name, before each key it counts */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; throws 429 with Retry-After past the limit. */
  async hit(key: string, now = Date.now()): Promise<void> {
    const count = await this.counters.hit(`${this.name}|${key}`, this.windowMs, { now });
    if (count.hits > this.max) throw tooMany(count.resetAt, now);
  }

  /** Gives one counted attempt back (it succeeded), within the window it was counted in. */
  async release(key: string, now = Date.now()): Promise<void> {
    await this.counters.giveBack(`${this.name}|${key}`, now);
  }
}

/** One attempt let through by a FailureLimit, to be settled once its outcome is known. */
export interface Attempt {
  /** It succeeded: the key's failures start again from zero. */
  succeeded(): Promise<void>;
}

/**
 * At most `max` failed attempts per key in a fixed window that opens with the
 * key's first attempt; a success clears the key's failures. An attempt counts
 * as a failure from the moment it is let through, so a burst sent at once,
 * to any instance, cannot slip more than `max` tries past the check before
 * the first answers; one that succeeds clears the count.
 */
export class FailureLimit {
  constructor(
    private readonly counters: LimitCounters,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Lets one attempt through, or throws 429 with Retry-After when the key has used its tries. */
  async attempt(key: string, now = Date.now()): Promise<Attempt> {
    const counted = `${this.name}|${key}`;
    const count = await this.counters.hit(counted, this.windowMs, { below: this.max, now });
    if (!count.counted) throw tooMany(count.resetAt, now);
    return { succeeded: () => this.counters.clear(counted) };
  }
}
