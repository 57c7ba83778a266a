import { AppError } from '../../../errors.ts';
import { waitMinutes } from '../../../i18n/messages.ts';

function tooMany(resetAt: number, now: number): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  // The header in seconds, for clients; the shopper reads whole minutes.
  return new AppError(429, 'rate_limited', { minutes: waitMinutes(seconds) }, undefined, { 'Retry-After': String(seconds) });
}

/**
 * A fixed-window counter per key: every attempt counts, and an attempt that
 * turns out well may be given back (`release`). For a limit beside another
 * (@fastify/rate-limit runs one limiter per request).
 */
export class WindowLimit {
  readonly #hits = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly max: number, private readonly windowMs: number) {}

  /** Counts one attempt; throws 429 with Retry-After past the limit. */
  hit(key: string, now = Date.now()): void {
    let entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.#hits.size > 100_000) this.#sweep(now);
      entry = { count: 0, resetAt: now + this.windowMs };
      this.#hits.set(key, entry);
    }
    entry.count += 1;
    if (entry.count > this.max) throw tooMany(entry.resetAt, now);
  }

  /** Gives one counted attempt back (it succeeded), within the window it was counted in. */
  release(key: string, now = Date.now()): void {
    const entry = this.#hits.get(key);
    if (entry && entry.resetAt > now && entry.count > 0) entry.count -= 1;
  }

  #sweep(now: number) {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}

/** One attempt let through by a FailureLimit, to be settled once its outcome is known. */
export interface Attempt {
  /** It succeeded: the key's failures start again from zero. */
  succeeded(): void;
  /** It failed: it counts against the key for the rest of the window. */
  failed(): void;
}

interface FailureEntry { failures: number; pending: number; resetAt: number }

/**
 * At most `max` failed attempts per key in a fixed window that opens with the
 * key's first attempt; a success clears the key's failures. An attempt still
 * running counts as a failure until it is settled, so a burst sent at once
 * cannot slip more than `max` tries past the check before the first answers.
 */
export class FailureLimit {
  readonly #entries = new Map<string, FailureEntry>();

  constructor(private readonly max: number, private readonly windowMs: number) {}

  /** Lets one attempt through, or throws 429 with Retry-After when the key has used its tries. */
  attempt(key: string, now = Date.now()): Attempt {
    let entry = this.#entries.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.#entries.size > 100_000) this.#sweep(now);
      entry = { failures: 0, pending: 0, resetAt: now + this.windowMs };
      this.#entries.set(key, entry);
    }
    if (entry.failures + entry.pending >= this.max) throw tooMany(entry.resetAt, now);
    const counted = entry;
    counted.pending += 1;
    let settled = false;
    const settle = (failed: boolean) => {
      if (settled) return;
      settled = true;
      counted.pending -= 1;
      if (failed) counted.failures += 1;
      else counted.failures = 0;
      if (counted.failures === 0 && counted.pending === 0 && this.#entries.get(key) === counted) this.#entries.delete(key);
    };
    return { succeeded: () => settle(false), failed: () => settle(true) };
  }

  #sweep(now: number) {
    for (const [key, entry] of this.#entries) if (entry.resetAt <= now && entry.pending === 0) this.#entries.delete(key);
  }
}
