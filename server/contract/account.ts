import { Type } from 'typebox';
import { Day, Enum, Id, Nullable, Secret, Text, Timestamp, FIELD_MESSAGE } from './common.ts';
import { ROLES } from './roles.ts';
import { GOVERNORATES, GOVERNORATE_PATTERN } from './governorates.ts';
import { BIRTH_DATE_PATTERN, EMAIL_PATTERN, ONE_NAME_PATTERN, PHONE_PATTERN } from './rules.ts';

// The fields every form shares, with the rules the server checks published as
// patterns: what JSON Schema cannot say is in each description.
const OneName = () => Text(60, { minLength: 1, pattern: ONE_NAME_PATTERN, message: 'name_one_word', description: 'one name of at least 3 letters, Latin or Arabic' });
const Email = () => Text(254, { minLength: 1, pattern: EMAIL_PATTERN, message: 'email_invalid' });
export const Phone = () => Text(24, {
  minLength: 1, pattern: PHONE_PATTERN, message: 'phone_invalid',
  description: 'an Egyptian phone: 11 digits, or +20 / 0020 and 10 digits; spaces, dashes and brackets between them; Western or Arabic digits',
});
const BirthDate = () => Text(20, {
  minLength: 1, pattern: BIRTH_DATE_PATTERN, message: 'date_invalid',
  description: 'YYYY-MM-DD (Western or Arabic digits): a real day, month 1–12, in 1900 or later, and at least 10 years before today (Cairo)',
});
const Password = () => Secret(200, { minLength: 6, message: 'password_short', description: 'at least 6 characters, taken exactly as typed' });


export const User = Type.Object({
  id: Id,
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  birth_date: Day,
  points: Type.Integer(),
  role: Enum(ROLES, { description: 'shopper: every sign-up; staff: orders, messages, customers; owner: all of the back office' }),
  must_change_password: Type.Boolean({ description: 'true while the password is a one-time password: the back office asks for a new one first' }),
});

export const RegisterBody = Type.Object(
  {
    first_name: OneName(),
    last_name: OneName(),
    email: Email(),
    phone: Phone(),
    password: Password(),
    password_confirmation: Secret(200, { description: 'the same as password' }),
    birth_date: BirthDate(),
  },
  { additionalProperties: false, description: 'The email and the phone must not belong to another account.' },
);

export const LoginBody = Type.Object(
  {
    login: Text(254, { minLength: 1, description: 'the account\'s email, or its phone in any form PHONE accepts; anything else matches no account' }),
    password: Secret(200),
  },
  { additionalProperties: false },
);

export const AuthData = Type.Object({ token: Type.String(), user: User });

export const ProfileUpdateBody = Type.Object(
  { first_name: OneName(), last_name: OneName(), phone: Phone(), birth_date: BirthDate() },
  { additionalProperties: false, description: 'The phone must not belong to another account.' },
);

export const ChangePasswordBody = Type.Object(
  { current_password: Secret(200), password: Password(), password_confirmation: Secret(200, { description: 'the same as password' }) },
  { additionalProperties: false },
);

export const ForgotPasswordBody = Type.Object(
  { login: Text(254, { minLength: 1, description: 'the account\'s email, or its phone in any form PHONE accepts; the link goes to the account\'s email' }) },
  { additionalProperties: false },
);

export const ResetPasswordBody = Type.Object(
  {
    token: Text(100, { minLength: 1, description: 'the token of the reset link\'s address' }),
    password: Password(),
    password_confirmation: Secret(200, { description: 'the same as password' }),
  },
  { additionalProperties: false },
);

export const AddressBody = Type.Object(
  {
    phone: Phone(),
    address: Text(300, { minLength: 1 }),
    title: Text(60, { minLength: 1 }),
    city: Text(60, { minLength: 1 }),
    government: Text(60, {
      minLength: 1, pattern: GOVERNORATE_PATTERN, message: 'government_invalid',
      description: `one of Egypt's 27 governorates: its code or English name in any case, or its Arabic name (${GOVERNORATES.map((g) => g.code).join(', ')})`,
    }),
  },
  { additionalProperties: false },
);

export const Address = Type.Object({
  id: Id,
  title: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  city: Type.String(),
  government: Type.String({ description: 'the governorate, in the request language' }),
  government_code: Type.String(),
});

/** A rate: 0.5 to 5 stars in half stars. Any refusal of it reads as one message (`x-message`, see plugins/app/error-handler.ts). */
const Rate = Type.Number({
  minimum: 0.5, maximum: 5, multipleOf: 0.5, description: 'stars, 0.5 to 5 in half stars', [FIELD_MESSAGE]: 'rate_invalid',
});

export const ReviewBody = Type.Object(
  {
    product_id: Id,
    comment: Text(2000, { minLength: 1, emptyMessage: 'text_required', description: 'plain text, not empty once cleaned' }),
    rate: Rate,
  },
  { additionalProperties: false, description: "the account's review of the product: the first one, or a new version of it" },
);

export const MyReview = Type.Object({
  review: Nullable(Type.Object({
    rate: Type.Number({ minimum: 0.5, maximum: 5, description: 'stars, in halves' }),
    comment: Type.String(),
    created_at: Timestamp,
  }, { description: "the signed-in account's review of the product, null when it has none" })),
});

export const ContactBody = Type.Object(
  {
    name: Text(120, { minLength: 3 }),
    email: Email(),
    phone: Phone(),
    message: Text(5000, { minLength: 10 }),
  },
  { additionalProperties: false },
);
