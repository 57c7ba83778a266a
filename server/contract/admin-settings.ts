// The owner's settings (/admin/settings) and staff list (/admin/staff): what
// the back office sends and reads. Money is EGP, as everywhere in the API.
import { Type } from 'typebox';
import { Enum, Id, Nullable, Text } from './common.ts';
import { EMAIL_PATTERN } from './rules.ts';
import { GOVERNORATES } from './governorates.ts';
import { MAX_DAYS, MAX_EGP, MAX_POINT_VALUE } from './settings-rules.ts';

const Egp = (description: string) => Type.Number({ minimum: 0, maximum: MAX_EGP, description: `${description}; EGP, at most 2 decimals` });
const Days = (minimum: number, description: string) => Type.Integer({ minimum, maximum: MAX_DAYS, description });

/** Every rule the owner sets, as the settings screen shows it. */
export const ShopSettings = Type.Object({
  shipping_fee: Egp('scheduled delivery\'s fee to a governorate without its own'),
  free_shipping_threshold: Egp('a price after coupon at or above this ships free'),
  governorate_fees: Type.Record(Type.String(), Nullable(Type.Number()), {
    description: 'each of the 27 governorates (by code) with its own scheduled-delivery fee, EGP; null: it pays shipping_fee',
  }),
  standard_delivery_days: Type.Integer({ description: 'free delivery arrives within this many days' }),
  scheduled_min_days: Type.Integer({ description: 'the earliest scheduled day: today + this' }),
  scheduled_max_days: Type.Integer({ description: 'the latest scheduled day: today + this' }),
  closed_weekdays: Type.Array(Type.Integer(), { description: 'weekdays without scheduled delivery, 0 = Sunday … 6 = Saturday' }),
  point_value: Type.Number({ description: 'what one point is worth, EGP' }),
  min_points_to_use: Type.Integer({ description: 'the smallest balance a shopper may spend' }),
  points_per_egp: Type.Integer({ description: 'points earned per whole EGP of an order\'s total' }),
  wallet_phone: Type.String({ description: 'the shop\'s Vodafone Cash wallet, 11 digits' }),
});

/**
 * What the owner changes: any of the settings; those not sent stay as they
 * are. In `governorate_fees`, a governorate sent with a fee gets it, one sent
 * with null pays the default fee again, one not sent keeps its fee.
 */
export const SettingsBody = Type.Object({
  shipping_fee: Type.Optional(Egp('the default scheduled-delivery fee')),
  free_shipping_threshold: Type.Optional(Egp('free delivery at or above this price after coupon')),
  governorate_fees: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Nullable(Type.Number({ minimum: 0, maximum: MAX_EGP })), {
    maxProperties: GOVERNORATES.length,
    description: 'governorate code → its fee (EGP), or null for the default fee',
  })),
  standard_delivery_days: Type.Optional(Days(1, 'free delivery arrives within this many days')),
  scheduled_min_days: Type.Optional(Days(0, 'the earliest scheduled day: today + this')),
  scheduled_max_days: Type.Optional(Days(0, 'the latest scheduled day: today + this; not before the earliest')),
  closed_weekdays: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
    maxItems: 7, description: 'weekdays without scheduled delivery (0 = Sunday), each once (a repeat is read once); at least one day stays open',
  })),
  point_value: Type.Optional(Type.Number({ minimum: 0.01, maximum: MAX_POINT_VALUE, description: 'what one point is worth, EGP (0.05: 1,000 points are 50 EGP)' })),
  min_points_to_use: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  points_per_egp: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  wallet_phone: Type.Optional(Text(32, { description: 'an Egyptian mobile number (010, 011, 012 or 015 and 8 digits); Arabic digits, +20 and spaces are read' })),
}, { additionalProperties: false });

/** The roles the owner gives from the back office. */
export const STAFF_ROLES = ['staff', 'owner'] as const;

export const StaffMember = Type.Object({
  id: Id,
  email: Type.String(),
  name: Type.String(),
  role: Enum(STAFF_ROLES),
  must_change_password: Type.Boolean({ description: 'still on a one-time password: not signed in yet with their own' }),
});

export const StaffBody = Type.Object({
  email: Text(254, { minLength: 1, pattern: EMAIL_PATTERN, message: 'email_invalid' }),
  name: Text(100, { minLength: 1, description: 'first and last name; an existing account keeps its own' }),
  role: Enum(STAFF_ROLES),
}, { additionalProperties: false });

export const StaffRoleBody = Type.Object({ role: Enum(STAFF_ROLES) }, { additionalProperties: false });

export const StaffAdded = Type.Object({
  member: StaffMember,
  one_time_password: Nullable(Type.String({
    description: 'a new account\'s password, shown only now; it must be changed at the first sign-in. null: the email was a shopper\'s account, which keeps its own password',
  })),
});
