import { Type } from 'typebox';
import { Day, FIELD_ERROR, Id, Nullable, Text, Timestamp } from './common.ts';

export const User = Type.Object({
  id: Id,
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  birth_date: Day,
  points: Type.Integer(),
});

export const RegisterBody = Type.Object(
  {
    first_name: Text(60),
    last_name: Text(60),
    email: Text(254),
    phone: Text(24),
    password: Text(200),
    password_confirmation: Text(200),
    birth_date: Text(20),
  },
  { additionalProperties: false },
);

export const LoginBody = Type.Object(
  { login: Text(254, { description: 'email or phone' }), password: Text(200) },
  { additionalProperties: false },
);

export const AuthData = Type.Object({ token: Type.String(), user: User });

export const ProfileUpdateBody = Type.Object(
  { first_name: Text(60), last_name: Text(60), phone: Text(24), birth_date: Text(20) },
  { additionalProperties: false },
);

export const ChangePasswordBody = Type.Object(
  { current_password: Text(200), password: Text(200), password_confirmation: Text(200) },
  { additionalProperties: false },
);

export const AddressBody = Type.Object(
  { phone: Text(24), address: Text(300), title: Text(60), city: Text(60), government: Text(60) },
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

/** A rate: 0.5 to 5 stars in half stars. Any refusal of it reads as one message (`x-error`, see plugins/app/error-handler.ts). */
const Rate = Type.Number({
  minimum: 0.5, maximum: 5, multipleOf: 0.5, description: 'stars, 0.5 to 5 in half stars', [FIELD_ERROR]: 'rate_invalid',
});

export const ReviewBody = Type.Object(
  {
    product_id: Id,
    comment: Text(2000, { description: 'plain text, not empty' }),
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
  { name: Text(120), email: Text(254), phone: Text(24), message: Text(5000) },
  { additionalProperties: false },
);
