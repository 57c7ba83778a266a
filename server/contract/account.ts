import { Type } from 'typebox';
import { Day, Id, Text } from './common.ts';

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

export const ReviewBody = Type.Object(
  { product_id: Id, comment: Text(2000), rate: Type.Number({ minimum: -1e9, maximum: 1e9 }) },
  { additionalProperties: false },
);

export const ContactBody = Type.Object(
  { name: Text(120), email: Text(254), phone: Text(24), message: Text(5000) },
  { additionalProperties: false },
);
