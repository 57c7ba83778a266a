import type { Db, Q } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/database.ts';
import { FieldErrors, notFound } from '../../../errors.ts';
import type { Lang } from '../../../i18n/messages.ts';
import { GOVERNORATES, findGovernorate } from '../../../contract/governorates.ts';
import {
  birthDateProblem, emailProblem, toLatinDigits, normalizeBirthDate, normalizePhone, oneNameProblem, passwordProblem,
} from '../../../contract/rules.ts';
import { hashPassword } from '../../../auth/passwords.ts';

export interface RegisterInput {
  first_name: string; last_name: string; email: string; phone: string;
  password: string; password_confirmation: string; birth_date: string;
}

export interface AddressInput { phone: string; address: string; title: string; city: string; government: string }

function required(errors: FieldErrors, field: string, value: string) {
  if (value.trim() === '') errors.add(field, 'field_required');
}

/** Users, their profile and their addresses. */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  #checkProfile(errors: FieldErrors, input: { first_name: string; last_name: string; phone: string; birth_date: string }, today: string) {
    errors.add('first_name', oneNameProblem(input.first_name));
    errors.add('last_name', oneNameProblem(input.last_name));
    const phone = normalizePhone(input.phone);
    errors.add('phone', input.phone.trim() === '' ? 'field_required' : phone ? null : 'phone_invalid');
    const dateProblem = birthDateProblem(input.birth_date, today);
    errors.add('birth_date', dateProblem, dateProblem === 'february_28_days' ? { year: Number(toLatinDigits(input.birth_date.trim()).slice(0, 4)) } : undefined);
    return phone;
  }

  async register(input: RegisterInput, today: string) {
    const errors = new FieldErrors();
    const phone = this.#checkProfile(errors, input, today);
    const email = input.email.trim().toLowerCase();
    errors.add('email', emailProblem(email));
    const pw = passwordProblem(input.password, input.password_confirmation);
    errors.add(pw === 'password_mismatch' ? 'password_confirmation' : 'password', pw);
    errors.throwIfAny();
    await this.#assertUnique({ email, phone: phone! });
    try {
      return await this.db.insertInto('users').values({
        first_name: input.first_name.trim(),
        last_name: input.last_name.trim(),
        email,
        phone: phone!,
        password_hash: await hashPassword(input.password),
        birth_date: normalizeBirthDate(input.birth_date),
        points: 0,
        created_at: new Date().toISOString(),
      }).returningAll().executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) await this.#assertUnique({ email, phone: phone! });
      throw error;
    }
  }

  /** The account a log-in names, by its email or its phone (both already normalized). */
  findUserByLogin(login: { email?: string; phone?: string }) {
    let q = this.db.selectFrom('users').selectAll();
    if (login.email) q = q.where('email', '=', login.email);
    else if (login.phone) q = q.where('phone', '=', login.phone);
    else return Promise.resolve(undefined);
    return q.executeTakeFirst();
  }

  /** The account a typed log-in names: an email, or a phone in any writing; undefined for anything else. */
  findUserByTypedLogin(typed: string) {
    const raw = typed.trim();
    const byEmail = raw.includes('@') && emailProblem(raw) === null;
    const phone = byEmail ? null : normalizePhone(raw);
    return byEmail ? this.findUserByLogin({ email: raw.toLowerCase() }) : phone ? this.findUserByLogin({ phone }) : Promise.resolve(undefined);
  }

  findUser(id: number) {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async #assertUnique(values: { email?: string; phone?: string }, exceptUserId?: number) {
    const errors = new FieldErrors();
    if (values.email) {
      let q = this.db.selectFrom('users').select('id').where('email', '=', values.email);
      if (exceptUserId) q = q.where('id', '!=', exceptUserId);
      if (await q.executeTakeFirst()) errors.add('email', 'email_taken');
    }
    if (values.phone) {
      let q = this.db.selectFrom('users').select('id').where('phone', '=', values.phone);
      if (exceptUserId) q = q.where('id', '!=', exceptUserId);
      if (await q.executeTakeFirst()) errors.add('phone', 'phone_taken');
    }
    errors.throwIfAny();
  }

  async updateProfile(userId: number, input: { first_name: string; last_name: string; phone: string; birth_date: string }, today: string) {
    const errors = new FieldErrors();
    const phone = this.#checkProfile(errors, input, today);
    errors.throwIfAny();
    await this.#assertUnique({ phone: phone! }, userId);
    return this.db.updateTable('users').set({
      first_name: input.first_name.trim(),
      last_name: input.last_name.trim(),
      phone: phone!,
      birth_date: normalizeBirthDate(input.birth_date),
    }).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
  }

  async setPassword(userId: number, password: string) {
    // A password the account chose itself: no longer a one-time password.
    await this.db.updateTable('users').set({ password_hash: await hashPassword(password), must_change_password: 0 }).where('id', '=', userId).execute();
  }

  async addresses(userId: number, lang: Lang) {
    const rows = await this.db.selectFrom('addresses').select(['id', 'title', 'address', 'phone', 'city', 'government'])
      .where('user_id', '=', userId).orderBy('id').execute();
    return rows.map((r) => toAddress(r, lang));
  }

  /** One of the shopper's addresses as an order keeps it; another shopper's is undefined. */
  addressOf(userId: number, addressId: number, q: Q = this.db) {
    return q.selectFrom('addresses').select(['title', 'address', 'phone', 'city', 'government'])
      .where('id', '=', addressId).where('user_id', '=', userId).executeTakeFirst();
  }

  async addAddress(userId: number, input: AddressInput, lang: Lang) {
    const errors = new FieldErrors();
    for (const f of ['title', 'address', 'city', 'government', 'phone'] as const) required(errors, f, input[f]);
    const phone = normalizePhone(input.phone);
    if (input.phone.trim() !== '' && !phone) errors.add('phone', 'phone_invalid');
    const gov = input.government.trim() === '' ? null : findGovernorate(input.government);
    if (input.government.trim() !== '' && !gov) errors.add('government', 'government_invalid');
    errors.throwIfAny();
    const row = await this.db.insertInto('addresses').values({
      user_id: userId,
      title: input.title.trim(),
      address: input.address.trim(),
      phone: phone!,
      city: input.city.trim(),
      government: gov!.code,
      created_at: new Date().toISOString(),
    }).returning(['id', 'title', 'address', 'phone', 'city', 'government']).executeTakeFirstOrThrow();
    return toAddress(row, lang);
  }

  async deleteAddress(userId: number, id: number) {
    const result = await this.db.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw notFound('address_not_found');
  }
}

function toAddress(r: { id: number; title: string; address: string; phone: string; city: string; government: string }, lang: Lang) {
  const gov = GOVERNORATES.find((g) => g.code === r.government);
  return { ...r, government: gov ? gov[lang] : r.government, government_code: r.government };
}

