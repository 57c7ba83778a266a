import type { Db } from '../../../db/database.ts';
import type { Lang } from '../../../i18n/messages.ts';

/** The shop's editable texts (banner, hero, footer, about) and contact messages. */
export class ContentRepository {
  #cache: Map<string, { en: string; ar: string }> | null = null;

  constructor(private readonly db: Db) {}

  async #all() {
    if (!this.#cache) {
      const rows = await this.db.selectFrom('content').selectAll().execute();
      this.#cache = new Map(rows.map((r) => [r.key, { en: r.value_en, ar: r.value_ar }]));
    }
    return this.#cache;
  }

  async get(key: string, lang: Lang): Promise<string> {
    return (await this.#all()).get(key)?.[lang] ?? '';
  }

  async set(key: string, value: { en: string; ar: string }) {
    await this.db.insertInto('content').values({ key, value_en: value.en, value_ar: value.ar })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value_en: value.en, value_ar: value.ar })).execute();
    this.#cache = null;
  }

  async saveContact(input: { name: string; email: string; phone: string; message: string }) {
    await this.db.insertInto('contact_messages').values({ ...input, created_at: new Date().toISOString() }).execute();
  }
}
