import crypto from 'node:crypto';
import type { Db, Q } from '../../../db/database.ts';
import { prepared } from '../../../db/prepared.ts';
import { AppError } from '../../../errors.ts';
import type { MessageKey } from '../../../i18n/messages.ts';
import type { ShopSettings } from '../../../settings.ts';

/** An answer as it went out, kept so that a retry with the same key gets it again. */
export interface StoredAnswer {
  statusCode: number;
  contentType: string;
  body: string;
}

/** What a request that finds its key taken or misused is told. */
export interface KeyMessages {
  /** another request holds the key (409) */
  inFlight: MessageKey;
  /** the key was used for another request (422) */
  mismatch: MessageKey;
}

const canonical = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(canonical)
    : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
      : v;

/** A body's identity, whatever the order of its keys. */
export function bodyHash(body: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(canonical(body ?? null))).digest('hex');
}

/**
 * The request's identity for its key: the same key on another route, for
 * another cart line or with another body is another request. The body enters
 * as its own hash so that migration 002 could rewrite the body-only hashes
 * checkout stored before (keep the two in step).
 */
export function requestHash(request: { method: string; route: string; params?: unknown; body?: unknown }): string {
  const parts = [request.method.toUpperCase(), request.route, canonical(request.params ?? {}), bodyHash(request.body)];
  return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export type Claim = { id: number; replay?: undefined } | { replay: StoredAnswer; id?: undefined };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The queries of every keyed request, compiled once per database (see db/prepared.ts). */
function keyQueries(db: Db) {
  return {
    /** claims a fresh key; no row back when the key is taken */
    insert: prepared(db, (userId: number, key: string, hash: string, now: string, holder: string, leaseUntil: number) =>
      db.insertInto('idempotency_keys').values({
        user_id: userId, key, request_hash: hash, state: 'in_flight', response_status: null, response_body: null, response_type: null,
        created_at: now, holder, lease_until: leaseUntil,
      }).onConflict((oc) => oc.columns(['user_id', 'key']).doNothing()).returning('id'), 6),
    find: prepared(db, (userId: number, key: string) =>
      db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key), 2),
    complete: prepared(db, (id: number, holder: string, status: number, type: string, body: string) =>
      db.updateTable('idempotency_keys').set({ state: 'done', response_status: status, response_type: type, response_body: body, lease_until: null })
        .where('id', '=', id).where('holder', '=', holder).where('state', '=', 'in_flight'), 5),
    renew: prepared(db, (id: number, holder: string, leaseUntil: number) =>
      db.updateTable('idempotency_keys').set({ lease_until: leaseUntil })
        .where('id', '=', id).where('holder', '=', holder).where('state', '=', 'in_flight'), 3),
  };
}

/** A claim this process holds: its fencing token, and the timer that renews its lease. */
interface Held {
  holder: string;
  renew: NodeJS.Timeout;
}

/**
 * Idempotency-Key, scoped to (user, key): the first request claims the key,
 * a retry gets the first answer back, a key another request still holds
 * answers 409 after a short wait, and the same key for another request
 * answers 422. Shared by checkout and every change the storefront may replay
 * from its offline queue.
 *
 * A key in flight is held by a lease (docs/architecture.md, "Several
 * instances"): its holder, on whatever host, renews it while the request
 * runs, and a retry takes over a key whose lease ran out (its holder was
 * killed or crashed). Each claim is named by a random token that the
 * holder's final writes check, so a holder that lost its key (it stalled
 * past its lease and was taken over) can neither keep an answer for it nor
 * free it: checkout's order then rolls back.
 */
export class IdempotencyKeys {
  #purgedAt = 0;
  readonly #q: ReturnType<typeof keyQueries>;
  /**
   * When this server began: a key stored before leases (migration 010) has
   * none, and one still in flight from before then is taken as abandoned.
   */
  readonly #startedAt = Date.now();
  /**
   * Keys this process failed to free (the database was busy or full when
   * their request failed): nobody holds them, so a retry takes them over.
   */
  readonly #unreleased = new Set<number>();
  readonly #held = new Map<number, Held>();

  constructor(private readonly db: Db, private readonly settings: ShopSettings) {
    this.#q = keyQueries(db);
  }

  async claim(userId: number, key: string, hash: string, messages: KeyMessages): Promise<Claim> {
    await this.#purgeExpired();
    const deadline = Date.now() + this.settings.idempotencyWaitMs;
    for (;;) {
      // A fresh key (the usual case) is claimed in one statement.
      const holder = crypto.randomUUID();
      const inserted = (await this.#q.insert(this.db, userId, key, hash, new Date().toISOString(), holder, this.#leaseEnd())).rows[0];
      if (inserted) return this.#hold(inserted.id, holder);
      // Taken: read it until it is done (or freed, or abandoned) without writing meanwhile.
      for (;;) {
        const row = (await this.#q.find(this.db, userId, key)).rows[0];
        if (!row) break; // freed by its holder: claim it
        if (Date.now() - Date.parse(row.created_at) > this.settings.idempotencyTtlMs) {
          // An expired key is a new key.
          await this.db.deleteFrom('idempotency_keys').where('id', '=', row.id).execute();
          break;
        }
        if (row.request_hash !== hash) throw new AppError(422, messages.mismatch);
        if (row.state === 'done') {
          return {
            replay: {
              statusCode: row.response_status ?? 200,
              contentType: row.response_type ?? 'application/json; charset=utf-8',
              body: row.response_body ?? 'null',
            },
          };
        }
        const now = Date.now();
        const claimedAt = Date.parse(row.created_at);
        // Its holder died between claim and answer (killed, crashed: its request never answered, so a
        // retry need not meet 409 until idempotencyStaleMs), or failed and could not free it.
        const abandoned = this.#unreleased.has(row.id)
          || (row.lease_until === null ? claimedAt < this.#startedAt : Number(row.lease_until) <= now)
          || now - claimedAt > this.settings.idempotencyStaleMs;
        if (abandoned) {
          // Take the key over: one taker wins, the one whose write still finds the claim it read.
          const taker = crypto.randomUUID();
          const taken = await this.db.updateTable('idempotency_keys')
            .set({ created_at: new Date(now).toISOString(), holder: taker, lease_until: this.#leaseEnd() })
            .where('id', '=', row.id).where('created_at', '=', row.created_at).where('state', '=', 'in_flight').executeTakeFirst();
          if (Number(taken.numUpdatedRows) === 1) {
            this.#unreleased.delete(row.id);
            return this.#hold(row.id, taker);
          }
          continue;
        }
        if (now >= deadline) throw new AppError(409, messages.inFlight, undefined, undefined, { 'Retry-After': '1' });
        await sleep(20);
      }
    }
  }

  /**
   * Keeps the answer for replays; false when this process no longer holds the
   * key (its lease ran out and another request took it over). `q` may be the
   * transaction that made the change, so the change and its answer commit
   * together (checkout), which must then roll back on false. Only a key still
   * in flight is completed: one its handler already completed inside the
   * change's transaction keeps that answer.
   */
  async complete(id: number, answer: StoredAnswer, q: Q = this.db): Promise<boolean> {
    const held = this.#held.get(id);
    if (!held) return false;
    const { numAffectedRows } = await this.#q.complete(q, id, held.holder, answer.statusCode, answer.contentType, answer.body);
    // Inside the change's transaction the key stays held until the request's own answer is kept.
    if (q === this.db) this.#letGo(id);
    return Number(numAffectedRows ?? 0) === 1;
  }

  /**
   * Inside the transaction that will keep the key's answer: whether the key is
   * still this process's, renewing its lease in the transaction's first write,
   * which locks the row until the transaction ends (the holder's renewals
   * wait meanwhile rather than conflict with the answer's write).
   */
  async confirm(id: number, q: Q): Promise<boolean> {
    const held = this.#held.get(id);
    if (!held) return false;
    const { numAffectedRows } = await this.#q.renew(q, id, held.holder, this.#leaseEnd());
    return Number(numAffectedRows ?? 0) === 1;
  }

  /** Frees a key whose request did not go through, so a retry with it runs anew. */
  async release(id: number): Promise<void> {
    const held = this.#held.get(id);
    if (!held) return;
    this.#letGo(id);
    try {
      await this.db.deleteFrom('idempotency_keys').where('id', '=', id).where('holder', '=', held.holder).where('state', '=', 'in_flight').execute();
      this.#unreleased.delete(id);
    } catch (error) {
      // Often the very cause of the failure (a busy or full database) also
      // stops the delete: a retry then takes the key over instead of meeting
      // 409 until its lease runs out.
      this.#unreleased.add(id);
      throw error;
    }
  }

  /** Stops renewing every lease this process holds (the server is closing). */
  close(): void {
    for (const id of [...this.#held.keys()]) this.#letGo(id);
  }

  #leaseEnd(): number {
    return Date.now() + this.settings.idempotencyLeaseMs;
  }

  /**
   * Holds a claimed key: its lease is renewed a few times per lease while
   * the request runs, and no longer than idempotencyStaleMs, after which any
   * retry may take the key over anyway.
   */
  #hold(id: number, holder: string): Claim {
    const every = Math.max(50, Math.floor(this.settings.idempotencyLeaseMs / 3));
    const until = Date.now() + this.settings.idempotencyStaleMs;
    const renew = setInterval(() => {
      if (Date.now() > until) return this.#letGo(id);
      // A renewal that fails (the database is busy) is tried again at the next tick; the lease is long enough for a few.
      this.#q.renew(this.db, id, holder, this.#leaseEnd()).catch(() => undefined);
    }, every);
    renew.unref();
    this.#held.set(id, { holder, renew });
    return { id };
  }

  #letGo(id: number) {
    const held = this.#held.get(id);
    if (!held) return;
    clearInterval(held.renew);
    this.#held.delete(id);
  }

  /** Finished keys older than their time to live: deleted at most once an hour. */
  async #purgeExpired() {
    const now = Date.now();
    if (now - this.#purgedAt < 3_600_000) return;
    this.#purgedAt = now;
    await this.db.deleteFrom('idempotency_keys')
      .where('created_at', '<', new Date(now - this.settings.idempotencyTtlMs).toISOString()).execute();
  }
}
