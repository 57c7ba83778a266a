import type { ChangeFeed } from '../changes.ts';
import type { Db } from '../../../db/database.ts';
import type { Lang } from '../../../i18n/messages.ts';
import type { AuditRepository } from '../back-office/audit-repository.ts';
import { CONTENT_FIELDS, CONTENT_HTML_KEYS, contentPlace, type ContentField } from '../../../contract/content-fields.ts';
import { sanitizeShopHtml } from '../shop-html.ts';

/** How long this process keeps the texts before reading them again: a change made by another process shows within it. */
const CACHE_MS = 60_000;

export type ContentValues = Map<string, { en: string; ar: string }>;

/** The shop's editable texts (banner, hero, footer, about, the social links) and contact messages. */
export class ContentRepository {
  #cache: { values: ContentValues; until: number } | null = null;

  constructor(private readonly db: Db, private readonly audit: AuditRepository, private readonly changes?: ChangeFeed) {}

  /** Forgets this instance's copy of the texts (every instance's, when the owner saves them). */
  forget() {
    this.#cache = null;
  }

  /**
   * Every text, kept in memory: the home page, the footer and about read them on each request. A
   * change through `update` clears the copy at once, so the next request shows it; one made
   * elsewhere (another server process on the same database) shows within CACHE_MS.
   */
  async all(): Promise<ContentValues> {
    if (!this.#cache || this.#cache.until <= Date.now()) {
      const rows = await this.db.selectFrom('content').selectAll().execute();
      this.#cache = { values: new Map(rows.map((r) => [r.key, { en: r.value_en, ar: r.value_ar }])), until: Date.now() + CACHE_MS };
    }
    return this.#cache.values;
  }

  async get(key: string, lang: Lang): Promise<string> {
    return (await this.all()).get(key)?.[lang] ?? '';
  }

  /** Every text of the back office's form, by its API field (server/contract/content-fields.ts). */
  async fields(): Promise<Record<ContentField, string>> {
    const values = await this.all();
    return Object.fromEntries(CONTENT_FIELDS.map((field) => {
      const { key, lang } = contentPlace(field);
      return [field, values.get(key)?.[lang === 'both' ? 'en' : lang] ?? ''];
    })) as Record<ContentField, string>;
  }

  /**
   * Writes the fields that differ from what is stored (HTML first sanitized with the storefront's
   * rules, server/plugins/app/shop-html.ts), and records the owner's change in the audit
   * (only the fields that changed, before and after), in one transaction. Answers the fields changed.
   */
  async update(fields: Partial<Record<ContentField, string>>, by: number): Promise<ContentField[]> {
    const changed = await this.db.transaction().execute(async (trx) => {
      const entries = Object.entries(fields) as [ContentField, string][];
      const keys = [...new Set(entries.map(([field]) => contentPlace(field).key))];
      // A write before the read: on PostgreSQL it locks the rows read below until the end (SQLite's transaction holds the database's lock already).
      await trx.updateTable('content').set((eb) => ({ value_en: eb.ref('value_en') })).where('key', 'in', keys).execute();
      const rows = await trx.selectFrom('content').selectAll().where('key', 'in', keys).execute();
      const stored = new Map(rows.map((r) => [r.key, { en: r.value_en, ar: r.value_ar }]));
      const next = new Map<string, { en: string; ar: string }>();
      const before: Partial<Record<ContentField, string>> = {};
      const after: Partial<Record<ContentField, string>> = {};
      for (const [field, sent] of entries) {
        const { key, lang } = contentPlace(field);
        const value = (CONTENT_HTML_KEYS as readonly string[]).includes(key) ? sanitizeShopHtml(sent) : sent;
        const row = next.get(key) ?? { ...(stored.get(key) ?? { en: '', ar: '' }) };
        const old = row[lang === 'both' ? 'en' : lang];
        if (old === value && (lang !== 'both' || row.ar === value)) continue;
        if (lang === 'both') Object.assign(row, { en: value, ar: value });
        else row[lang] = value;
        next.set(key, row);
        before[field] = old;
        after[field] = value;
      }
      for (const [key, value] of next) {
        await trx.insertInto('content').values({ key, value_en: value.en, value_ar: value.ar })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value_en: value.en, value_ar: value.ar })).execute();
      }
      const changedFields = Object.keys(after) as ContentField[];
      if (changedFields.length > 0) {
        await this.audit.record({ userId: by, action: 'content.update', target: 'content', before, after }, new Date().toISOString(), trx);
      }
      return changedFields;
    });
    if (changed.length > 0) {
      if (this.changes) this.changes.publish('content');
      else this.forget();
    }
    return changed;
  }

  async saveContact(input: { name: string; email: string; phone: string; message: string }) {
    await this.db.insertInto('contact_messages').values({ ...input, created_at: new Date().toISOString() }).execute();
  }
}
