import type { ChangeFeed } from '../changes.ts';
import type { Static } from 'typebox';
import type { Db, Q } from '../../../db/database.ts';
import { FieldErrors } from '../../../errors.ts';
import { GOVERNORATES } from '../../../contract/governorates.ts';
import type { SettingsBody, ShopSettings as SettingsView } from '../../../contract/admin-settings.ts';
import { fromEgp, toEgp } from '../../../domain/money.ts';
import { formatSetting, mergeSettings, type ShopSettings } from '../../../settings.ts';
import type { AuditRepository } from '../back-office/audit-repository.ts';

export type SettingsView = Static<typeof SettingsView>;
/** A validated change: the wallet's number already written as 11 digits. */
export type SettingsChange = Static<typeof SettingsBody>;

/** The settings the owner edits, by their field in the API: the setting's name, and whether it is money (EGP in the API, piastres here). */
const EDITABLE = {
  shipping_fee: { key: 'shippingFee', money: true },
  free_shipping_threshold: { key: 'freeShippingThreshold', money: true },
  standard_delivery_days: { key: 'standardDeliveryDays', money: false },
  scheduled_min_days: { key: 'scheduledMinDays', money: false },
  scheduled_max_days: { key: 'scheduledMaxDays', money: false },
  closed_weekdays: { key: 'closedWeekdays', money: false },
  point_value: { key: 'pointValue', money: true },
  min_points_to_use: { key: 'minPointsToUse', money: false },
  points_per_egp: { key: 'pointsPerEgp', money: false },
  wallet_phone: { key: 'walletPhone', money: false },
} as const satisfies Record<string, { key: keyof ShopSettings; money: boolean }>;

type Field = keyof typeof EDITABLE;
const FIELDS = Object.keys(EDITABLE) as Field[];

/**
 * The shop's settings as they are now: `base` (the defaults with the
 * environment's overrides, server/settings.ts › loadConfig) under the rows of
 * the `settings` table. The one place the two meet: the start
 * (plugins/external/db.ts) and every reload after the owner's change read
 * through it.
 */
export async function readShopSettings(q: Q, base: ShopSettings): Promise<ShopSettings> {
  const rows = await q.selectFrom('settings').select(['key', 'value']).execute();
  return mergeSettings(base, rows.map((r) => [r.key, r.value]));
}

/** A setting's value as the API carries it. */
function shown(field: Field, settings: ShopSettings): unknown {
  const { key, money } = EDITABLE[field];
  const value = settings[key];
  return money ? toEgp(value as number) : value;
}

/**
 * The owner's settings (GET and PUT /admin/settings). The app holds one
 * settings object (`app.settings`) that every repository and service reads
 * at each use; a change is written to the table with its audit entry, then
 * read back into that same object, so the next request on this server
 * follows it. Every other server instance on the same database reads it
 * again when told (plugins/app/changes.ts; docs/rules.md, "Settings").
 */
export class SettingsRepository {
  constructor(
    private readonly db: Db,
    /** the defaults with the environment's overrides: what a setting without a row has */
    private readonly base: ShopSettings,
    /** the app's settings object, changed in place */
    private readonly live: ShopSettings,
    private readonly audit: AuditRepository,
    private readonly changes?: ChangeFeed,
  ) {}

  /** The settings as the back office shows them: every governorate, null where it pays the default fee. */
  view(settings: ShopSettings = this.live): SettingsView {
    const view = Object.fromEntries(FIELDS.map((field) => [field, shown(field, settings)])) as Omit<SettingsView, 'governorate_fees'>;
    const fees = Object.fromEntries(GOVERNORATES.map((g) => [
      g.code, Object.hasOwn(settings.governorateFees, g.code) ? toEgp(settings.governorateFees[g.code]) : null,
    ]));
    return { ...view, governorate_fees: fees };
  }

  /** Reads the table into the app's settings object again. */
  async reload(q: Q = this.db): Promise<void> {
    Object.assign(this.live, await readShopSettings(q, this.base));
  }

  /**
   * Writes what `change` changes, and one audit entry naming only the fields
   * that changed (their values before and after, as the API shows them; a
   * governorate's fee as `governorate_fees.<code>`), in one transaction that
   * reads the settings it changes under its lock. The latest scheduled day
   * must not come before the earliest, whichever of the two is sent.
   * Answers the fields that changed.
   */
  async update(change: SettingsChange, by: number): Promise<string[]> {
    const changed = await this.db.transaction().execute(async (trx) => {
      const current = await readShopSettings(trx, this.base);
      const next: ShopSettings = { ...current, governorateFees: { ...current.governorateFees } };
      for (const field of FIELDS) {
        const value = change[field];
        if (value === undefined) continue;
        const { key, money } = EDITABLE[field];
        (next as unknown as Record<string, unknown>)[key] = money ? fromEgp(value as number) : value;
      }
      for (const [code, fee] of Object.entries(change.governorate_fees ?? {})) {
        if (fee === null) delete next.governorateFees[code];
        else next.governorateFees[code] = fromEgp(fee);
      }
      if (next.scheduledMaxDays < next.scheduledMinDays) {
        new FieldErrors().add('scheduled_max_days', 'settings_max_before_min', { days: next.scheduledMinDays }).throwIfAny();
      }

      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const rows: [keyof ShopSettings, string][] = [];
      for (const field of FIELDS) {
        const { key } = EDITABLE[field];
        const value = formatSetting(key, next[key]);
        if (value === formatSetting(key, current[key])) continue;
        rows.push([key, value]);
        before[field] = shown(field, current);
        after[field] = shown(field, next);
      }
      const fee = (s: ShopSettings, code: string) => (Object.hasOwn(s.governorateFees, code) ? toEgp(s.governorateFees[code]) : null);
      let feesChanged = false;
      for (const { code } of GOVERNORATES) {
        if (fee(current, code) === fee(next, code)) continue;
        feesChanged = true;
        before[`governorate_fees.${code}`] = fee(current, code);
        after[`governorate_fees.${code}`] = fee(next, code);
      }
      if (feesChanged) rows.push(['governorateFees', formatSetting('governorateFees', next.governorateFees)]);
      for (const [key, value] of rows) {
        await trx.insertInto('settings').values({ key, value })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
      }
      if (rows.length) {
        await this.audit.record({ userId: by, action: 'settings.update', target: 'settings', before, after }, new Date().toISOString(), trx);
      }
      return Object.keys(after);
    });
    if (changed.length) {
      await this.reload();
      // Every other instance reads them again too (this one has: its answer shows them).
      this.changes?.publish('settings');
    }
    return changed;
  }
}
