import { AppError } from '../../../errors.ts';
import { waitMinutes } from '../../../i18n/messages.ts';

/**
 * A fixed-window counter per key, for a second limit on a route that
 * @fastify/rate-limit already limits (it runs one limiter per request).
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
    if (entry.count > this.max) {
      const seconds = Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
      // The header in seconds, for clients; the shopper reads whole minutes.
      throw new AppError(429, 'rate_limited', { minutes: waitMinutes(seconds) }, undefined, { 'Retry-After': String(seconds) });
    }
  }

  #sweep(now: number) {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}
