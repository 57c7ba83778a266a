// What one server instance changes that the others keep a copy of (the product pages' cache, the
// shop's texts, the owner's settings), said to every instance: at once in this process, and through
// the database to the others (PostgreSQL's NOTIFY; on SQLite there is one process). See
// docs/architecture.md, "Two databases".
import crypto from 'node:crypto';
import type { ChangeChannel } from '../../db/database.ts';

export type Topic = 'catalog' | 'content' | 'settings';
const TOPICS: readonly Topic[] = ['catalog', 'content', 'settings'];

export class ChangeFeed {
  readonly #handlers = new Map<Topic, ((detail: string) => void | Promise<void>)[]>();
  /** what handlers are still doing (a reload of the settings): settled() waits for it */
  #pending = new Set<Promise<void>>();
  /** This instance's name in what it sends, so that it does not hear itself. */
  readonly #self = crypto.randomBytes(6).toString('hex');
  #stop: (() => Promise<void>) | null = null;

  constructor(private readonly channel: ChangeChannel | null, private readonly warn: (error: unknown) => void) {}

  /** Starts hearing the other instances. */
  async start() {
    if (!this.channel) return;
    this.#stop = await this.channel.listen((payload) => {
      const [from, topic, detail = ''] = payload.split('|');
      if (from !== this.#self && TOPICS.includes(topic as Topic)) this.#deliver(topic as Topic, detail);
    }, () => {
      // Changes sent while the connection was down are lost: every copy is dropped instead.
      for (const topic of TOPICS) this.#deliver(topic, '');
    });
  }

  async stop() {
    await this.#stop?.();
    this.#stop = null;
  }

  /** `handler` runs when `topic` changes, here or on another instance; `detail` narrows it ('' for everything). */
  on(topic: Topic, handler: (detail: string) => void | Promise<void>) {
    this.#handlers.set(topic, [...(this.#handlers.get(topic) ?? []), handler]);
  }

  /** Says that `topic` changed (after the change is committed): this instance at once, the others through the database. */
  publish(topic: Topic, detail: string | number = '') {
    this.#deliver(topic, String(detail));
    this.channel?.send(`${this.#self}|${topic}|${detail}`).catch(this.warn);
  }

  /** Resolves once what the handlers started (e.g. reading the settings again) is done. */
  async settled() {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  #deliver(topic: Topic, detail: string) {
    for (const handler of this.#handlers.get(topic) ?? []) {
      const result = handler(detail);
      if (result instanceof Promise) {
        const done = result.catch(this.warn).finally(() => this.#pending.delete(done));
        this.#pending.add(done);
      }
    }
  }
}
