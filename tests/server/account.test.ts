// Accounts: sign-up rules, log-in, tokens, profile,
// password change, rate limits and saved addresses, as a shopper meets them.
import type { Lang } from '../../server/contract/lang.ts';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, loginDemo, makeApp, registerShopper } from './helpers.ts';
import { DEMO_USER } from '../../server/db/seed/seed.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await makeApp();
});
afterAll(async () => {
  await app.close();
});

// Unique emails and phones for this file (015… never collides with the helpers' 0122…).
let seq = 0;
function unique() {
  seq += 1;
  const n = `${String(process.pid % 10000).padStart(4, '0')}${String(seq).padStart(4, '0')}`;
  return { email: `acct${n}@example.com`, phone: `015${n}` };
}

function signUp(overrides: Record<string, unknown> = {}) {
  const { email, phone } = unique();
  return {
    first_name: 'Salma',
    last_name: 'Nabil',
    email,
    phone,
    password: 'secret123',
    password_confirmation: 'secret123',
    birth_date: '1998-03-14',
    ...overrides,
  };
}

/** The shop's calendar day (Africa/Cairo), as the server counts ages. */
function cairoToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
function yearsBefore(day: string, years: number, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  // Feb 29 has no twin in most years: step back to the 28th.
  const base = new Date(Date.UTC(y - years, m - 1, m === 2 && d === 29 ? 28 : d));
  return new Date(base.getTime() + plusDays * 86_400_000).toISOString().slice(0, 10);
}

const ARABIC = /[\u0600-\u06FF]/;

async function register(body: Record<string, unknown>, lang?: Lang) {
  return call(app, 'POST', '/user/register', { body, lang });
}

async function login(loginValue: string, password: string, target: FastifyInstance = app, headers?: Record<string, string>, lang?: Lang) {
  return call(target, 'POST', '/user/login', { body: { login: loginValue, password }, headers, lang });
}

describe('POST /user/register', () => {
  it('creates the account: 201, { token, user }, a long random token, only its hash stored, the password scrypt-hashed', async () => {
    const body = signUp();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.body.status).toBe(201);
    expect(typeof res.body.message).toBe('string');
    const { token, user } = res.body.data;
    expect(user).toEqual({
      id: expect.any(Number),
      first_name: 'Salma',
      last_name: 'Nabil',
      email: body.email,
      phone: body.phone,
      birth_date: '1998-03-14',
      points: 0,
      role: 'shopper',
      must_change_password: false,
    });
    // ≥ 128 bits: at least 22 base64url characters (the server says 256 bits = 43).
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const tokens = await app.db.selectFrom('tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(tokens).toHaveLength(1);
    expect(JSON.stringify(tokens)).not.toContain(token);
    expect(tokens[0].token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    // valid 30 days
    const days = (Date.parse(tokens[0].expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30.01);
    const allTokens = await app.db.selectFrom('tokens').select('token_hash').execute();
    expect(allTokens.some((t) => t.token_hash === token)).toBe(false);

    const row = await app.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain('secret123');
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]{16,}\$[A-Za-z0-9_-]{32,}$/);
    expect(res.raw).not.toContain('password_hash');
    expect(res.raw).not.toContain('scrypt');
    expect(res.raw).not.toContain('secret123');

    const profile = await call(app, 'GET', '/user/profile', { token });
    expect(profile.statusCode).toBe(200);
    expect(profile.body.data.user.email).toBe(body.email);
  });

  it('gives every sign-up a different token and salts every password', async () => {
    const a = await register(signUp());
    const b = await register(signUp());
    expect(a.body.data.token).not.toBe(b.body.data.token);
    const rows = await app.db.selectFrom('users').select('password_hash')
      .where('id', 'in', [a.body.data.user.id, b.body.data.user.id]).execute();
    expect(rows[0].password_hash).not.toBe(rows[1].password_hash);
  });

  it.each([
    ['Arabic names', { first_name: 'سلمى', last_name: 'نبيل' }],
    ['three-letter names', { first_name: 'Ali', last_name: 'Ola' }],
  ])('accepts %s', async (_name, names) => {
    const res = await register(signUp(names));
    expect(res.statusCode).toBe(201);
    expect(res.body.data.user.first_name).toBe(names.first_name);
    expect(res.body.data.user.last_name).toBe(names.last_name);
  });

  it.each([
    ['Eastern Arabic digits', (p: string) => p.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)])],
    ['a +20 prefix', (p: string) => `+20${p.slice(1)}`],
    ['spaces and dashes', (p: string) => `${p.slice(0, 3)} ${p.slice(3, 7)}-${p.slice(7)}`],
  ])('accepts the phone written with %s and stores it as 01XXXXXXXXX', async (_name, write) => {
    const body = signUp();
    const res = await register({ ...body, phone: write(body.phone) });
    expect(res.statusCode).toBe(201);
    expect(res.body.data.user.phone).toBe(body.phone);
    const row = await app.db.selectFrom('users').select('phone').where('id', '=', res.body.data.user.id).executeTakeFirstOrThrow();
    expect(row.phone).toBe(body.phone);
    expect(row.phone).toMatch(/^01\d{9}$/);
  });

  it('stores the email in lower case', async () => {
    const body = signUp();
    const res = await register({ ...body, email: body.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    expect(res.body.data.user.email).toBe(body.email);
  });

  // [case, overrides, field, English message, Arabic message]
  const refusals: [string, Record<string, unknown>, string, string, string][] = [
    ['a two-word first name', { first_name: 'Salma Ali' }, 'first_name', 'Must be one name of at least 3 letters.', 'يجب أن يكون اسماً واحداً من ٣ أحرف على الأقل.'],
    ['a two-letter first name', { first_name: 'Sa' }, 'first_name', 'Must be one name of at least 3 letters.', 'يجب أن يكون اسماً واحداً من ٣ أحرف على الأقل.'],
    ['a first name with digits', { first_name: 'Salma1' }, 'first_name', 'Must be one name of at least 3 letters.', 'يجب أن يكون اسماً واحداً من ٣ أحرف على الأقل.'],
    ['a two-letter Arabic last name', { last_name: 'نب' }, 'last_name', 'Must be one name of at least 3 letters.', 'يجب أن يكون اسماً واحداً من ٣ أحرف على الأقل.'],
    ['a two-letter Arabic name stretched with tatweel', { last_name: 'نــــب' }, 'last_name', 'Must be one name of at least 3 letters.', 'يجب أن يكون اسماً واحداً من ٣ أحرف على الأقل.'],
    ['a two-word last name', { last_name: 'Abd Allah' }, 'last_name', 'Must be one name of at least 3 letters.', 'يجب أن يكون اسماً واحداً من ٣ أحرف على الأقل.'],
    ['a blank first name', { first_name: '   ' }, 'first_name', 'Required', 'مطلوب'],
    ['an email without @', { email: 'salma.example.com' }, 'email', 'Invalid email format.', 'صيغة البريد الإلكتروني غير صحيحة.'],
    ['an email without a domain', { email: 'salma@' }, 'email', 'Invalid email format.', 'صيغة البريد الإلكتروني غير صحيحة.'],
    ['an email with a space', { email: 'sal ma@example.com' }, 'email', 'Invalid email format.', 'صيغة البريد الإلكتروني غير صحيحة.'],
    ['a 10-digit phone', { phone: '0101234567' }, 'phone', 'Phone must be 11 digits.', 'يجب أن يتكون رقم الهاتف من ١١ رقماً.'],
    ['a 12-digit phone', { phone: '010123456789' }, 'phone', 'Phone must be 11 digits.', 'يجب أن يتكون رقم الهاتف من ١١ رقماً.'],
    ['a phone with letters', { phone: '0101234567a' }, 'phone', 'Phone must be 11 digits.', 'يجب أن يتكون رقم الهاتف من ١١ رقماً.'],
    ['a 5-character password', { password: '12345', password_confirmation: '12345' }, 'password', 'Password must be at least 6 characters.', 'يجب ألا تقل كلمة المرور عن ٦ أحرف.'],
    ['a confirmation that does not match', { password: 'secret123', password_confirmation: 'secret124' }, 'password_confirmation', 'Passwords must match.', 'كلمتا المرور غير متطابقتين.'],
    ['month 13', { birth_date: '1998-13-10' }, 'birth_date', 'Month must be from 1 to 12.', 'يجب أن يكون الشهر من ١ إلى ١٢.'],
    ['month 0', { birth_date: '1998-00-10' }, 'birth_date', 'Month must be from 1 to 12.', 'يجب أن يكون الشهر من ١ إلى ١٢.'],
    ['day 32', { birth_date: '1998-01-32' }, 'birth_date', 'Day must be from 1 to 31.', 'يجب أن يكون اليوم من ١ إلى ٣١.'],
    ['day 0', { birth_date: '1998-01-00' }, 'birth_date', 'Day must be from 1 to 31.', 'يجب أن يكون اليوم من ١ إلى ٣١.'],
    ['February 30', { birth_date: '2000-02-30' }, 'birth_date', 'February has at most 29 days.', 'شهر فبراير لا يزيد عن ٢٩ يوماً.'],
    ['29 February of a common year', { birth_date: '1995-02-29' }, 'birth_date', '1995 is not a leap year: February has 28 days.', 'سنة ١٩٩٥ ليست كبيسة: شهر فبراير فيها ٢٨ يوماً.'],
    ['29 February of a common year, in Eastern digits', { birth_date: '١٩٩٥-٠٢-٢٩' }, 'birth_date', '1995 is not a leap year: February has 28 days.', 'سنة ١٩٩٥ ليست كبيسة: شهر فبراير فيها ٢٨ يوماً.'],
    ['April 31', { birth_date: '1998-04-31' }, 'birth_date', 'This month has at most 30 days.', 'هذا الشهر لا يزيد عن ٣٠ يوماً.'],
    ['November 31', { birth_date: '1998-11-31' }, 'birth_date', 'This month has at most 30 days.', 'هذا الشهر لا يزيد عن ٣٠ يوماً.'],
    ['the year 1850', { birth_date: '1850-05-05' }, 'birth_date', 'Please enter a valid year.', 'يُرجى إدخال سنة صحيحة.'],
    ['a date that is not a date', { birth_date: 'yesterday' }, 'birth_date', 'Please enter a real date (YYYY-MM-DD).', 'يُرجى إدخال تاريخ صحيح (YYYY-MM-DD).'],
  ];

  it.each(refusals)('refuses %s with 422 under the right field, in English and Arabic', async (_name, overrides, field, en, ar) => {
    const before = await app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const resEn = await register(signUp(overrides));
    expect(resEn.statusCode).toBe(422);
    expect(resEn.body.status).toBe(422);
    expect(resEn.body.message).toBe('Please check the highlighted fields.');
    expect(resEn.body.errors[field]).toEqual([en]);
    // only the broken field is blamed
    expect(Object.keys(resEn.body.errors)).toEqual([field]);

    const resAr = await register(signUp(overrides), 'ar');
    expect(resAr.statusCode).toBe(422);
    expect(resAr.body.message).toBe('يُرجى مراجعة الحقول المحددة.');
    expect(resAr.body.errors[field]).toEqual([ar]);
    const after = await app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a shopper younger than 10 (Cairo calendar) and accepts one who turns 10 today', async () => {
    const today = cairoToday();
    const fiveYears = await register(signUp({ birth_date: yearsBefore(today, 5) }));
    expect(fiveYears.statusCode).toBe(422);
    expect(fiveYears.body.errors.birth_date).toEqual(['You must be at least 10 years old.']);
    const ar = await register(signUp({ birth_date: yearsBefore(today, 10, 1) }), 'ar');
    expect(ar.statusCode).toBe(422);
    expect(ar.body.errors.birth_date).toEqual(['يجب ألا يقل عمرك عن ١٠ سنوات.']);
    const future = await register(signUp({ birth_date: `${Number(today.slice(0, 4)) + 1}-01-01` }));
    expect(future.statusCode).toBe(422);
    expect(future.body.errors.birth_date).toBeDefined();
    if (!today.endsWith('-02-29')) {
      const tenToday = await register(signUp({ birth_date: yearsBefore(today, 10) }));
      expect(tenToday.statusCode).toBe(201);
    }
  });

  it('refuses a "name" made only of tatweel (kashida) strokes, which has no letters', async () => {
    const res = await register(signUp({ first_name: 'ـــ' }));
    expect(res.statusCode).toBe(422);
    expect(res.body.errors.first_name).toEqual(['Must be one name of at least 3 letters.']);
  });

  it('accepts an Arabic name written with a shadda, like the shop\'s own name عطّار', async () => {
    const res = await register(signUp({ last_name: 'عطّار' }));
    expect(res.statusCode).toBe(201);
    expect(res.body.data.user.last_name).toBe('عطّار');
  });

  it('reads a birth date in Eastern Arabic digits or without leading zeros, and stores YYYY-MM-DD', async () => {
    const eastern = await register(signUp({ birth_date: '١٩٩٨-٠٣-١٤' }));
    expect(eastern.statusCode).toBe(201);
    expect(eastern.body.data.user.birth_date).toBe('1998-03-14');
    const short = await register(signUp({ birth_date: '1998-3-4' }));
    expect(short.statusCode).toBe(201);
    expect(short.body.data.user.birth_date).toBe('1998-03-04');
  });

  it('accepts February 29 and the 30th of a 30-day month', async () => {
    expect((await register(signUp({ birth_date: '2000-02-29' }))).statusCode).toBe(201);
    expect((await register(signUp({ birth_date: '1998-04-30' }))).statusCode).toBe(201);
  });

  it('reports every missing field as required, in English and in Arabic', async () => {
    const fields = ['first_name', 'last_name', 'email', 'phone', 'password', 'password_confirmation', 'birth_date'];
    const en = await register({});
    expect(en.statusCode).toBe(422);
    expect(en.body.status).toBe(422);
    expect(Object.keys(en.body.errors).sort()).toEqual([...fields].sort());
    for (const f of fields) expect(en.body.errors[f]).toEqual(['Required']);
    const ar = await register({ first_name: 'Salma' }, 'ar');
    expect(ar.statusCode).toBe(422);
    expect(ar.body.errors.first_name).toBeUndefined();
    for (const f of fields.slice(1)) expect(ar.body.errors[f]).toEqual(['مطلوب']);
    // blank strings are missing too
    const blank = await register(signUp({ email: '', phone: '', birth_date: '' }));
    expect(blank.statusCode).toBe(422);
    expect(blank.body.errors.email).toEqual(['Required']);
    expect(blank.body.errors.phone).toEqual(['Required']);
    expect(blank.body.errors.birth_date).toEqual(['Required']);
  });

  it('reports several broken fields at once', async () => {
    // The shapes the contract publishes are checked together, before the rules (a real birth date) run.
    const res = await register(signUp({ first_name: 'S', email: 'nope', phone: '123', password: '1', password_confirmation: '1', birth_date: '1998/02/03' }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['birth_date', 'email', 'first_name', 'password', 'phone']);
    const rules = await register(signUp({ birth_date: '1998-02-30', password: 'secret123', password_confirmation: 'secret124' }));
    expect(Object.keys(rules.body.errors).sort()).toEqual(['birth_date', 'password_confirmation']);
  });

  it('refuses an email already taken, in any case, and a phone already taken, in any writing', async () => {
    const first = signUp();
    expect((await register(first)).statusCode).toBe(201);

    const sameEmail = await register(signUp({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(422);
    expect(sameEmail.body.errors.email).toEqual(['An account with this email already exists.']);
    expect(sameEmail.body.errors.phone).toBeUndefined();

    const demoEmail = await register(signUp({ email: 'Demo@Attar.EG' }), 'ar');
    expect(demoEmail.statusCode).toBe(422);
    expect(demoEmail.body.errors.email).toEqual(['يوجد حساب بهذا البريد الإلكتروني بالفعل.']);

    const samePhone = await register(signUp({ phone: `+20${first.phone.slice(1)}` }));
    expect(samePhone.statusCode).toBe(422);
    expect(samePhone.body.errors.phone).toEqual(['An account with this phone number already exists.']);
    expect(samePhone.body.errors.email).toBeUndefined();

    const both = await register({ ...signUp(), email: first.email, phone: first.phone });
    expect(both.statusCode).toBe(422);
    expect(Object.keys(both.body.errors).sort()).toEqual(['email', 'phone']);

    const count = await app.db.selectFrom('users').select('id').where('email', '=', first.email).execute();
    expect(count).toHaveLength(1);
  });

  it('lets exactly one of ten simultaneous sign-ups with one email through; the rest get 422, never 5xx', async () => {
    const first = signUp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => register({ ...signUp(), email: first.email })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, ...Array(9).fill(422)]);
    for (const a of answers.filter((x) => x.statusCode === 422)) expect(a.body.errors.email).toEqual(['An account with this email already exists.']);
    const rows = await app.db.selectFrom('users').select('id').where('email', '=', first.email).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses fields a shopper may not set (points, role, id), each named, and creates no account', async () => {
    const body = signUp();
    const refused = await register({ ...body, points: 99999, role: 'admin', id: 1, is_admin: true });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['id', 'is_admin', 'points', 'role']);
    expect(refused.body.errors.role).toEqual(['This field is not part of this request.']);
    expect(await app.db.selectFrom('users').select('id').where('email', '=', body.email).execute()).toEqual([]);
    const maxId = await app.db.selectFrom('users').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow();
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const { user, token } = res.body.data;
    expect(user.points).toBe(0);
    expect(user.id).toBeGreaterThan(Number(maxId.m));
    expect(user.role).toBe('shopper');
    const profile = await call(app, 'GET', '/user/profile', { token });
    expect(profile.body.data.user.points).toBe(0);
    expect(profile.body.data.user.id).toBe(user.id);
    // user 1 (the demo shopper) is untouched
    const demo = await app.db.selectFrom('users').select(['email', 'points']).where('email', '=', DEMO_USER.email).executeTakeFirstOrThrow();
    expect(demo.points).toBe(DEMO_USER.points);
  });
});

describe('POST /user/login', () => {
  it('logs in by email in any case, and the token opens the profile', async () => {
    for (const written of [DEMO_USER.email, DEMO_USER.email.toUpperCase(), `  Demo@Attar.eg `]) {
      const res = await login(written, DEMO_USER.password);
      expect(res.statusCode).toBe(200);
      expect(res.body.status).toBe(200);
      expect(res.body.data.user.email).toBe(DEMO_USER.email);
      expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      const profile = await call(app, 'GET', '/user/profile', { token: res.body.data.token });
      expect(profile.statusCode).toBe(200);
      expect(profile.body.data.user.email).toBe(DEMO_USER.email);
      expect(profile.body.data.user.points).toBe(DEMO_USER.points);
    }
  });

  it('logs in by phone, also written with Eastern Arabic digits or +20', async () => {
    const eastern = DEMO_USER.phone.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);
    for (const written of [DEMO_USER.phone, eastern, `+20${DEMO_USER.phone.slice(1)}`]) {
      const res = await login(written, DEMO_USER.password);
      expect(res.statusCode, written).toBe(200);
      expect(res.body.data.user.phone).toBe(DEMO_USER.phone);
      const profile = await call(app, 'GET', '/user/profile', { token: res.body.data.token });
      expect(profile.statusCode).toBe(200);
    }
  });

  it('gives a new token at each log-in', async () => {
    const a = await loginDemo(app);
    const b = await loginDemo(app);
    expect(a).not.toBe(b);
  });

  it('answers a wrong password and an unknown account with the same 422 message', async () => {
    const wrong = await login(DEMO_USER.email, 'attar124');
    const unknownEmail = await login('nobody.here@example.com', DEMO_USER.password);
    const unknownPhone = await login('01999999999', DEMO_USER.password);
    const wrongByPhone = await login(DEMO_USER.phone, 'nope-nope');
    for (const res of [wrong, unknownEmail, unknownPhone, wrongByPhone]) {
      expect(res.statusCode).toBe(422);
      expect(res.body.status).toBe(422);
      expect(res.body.data?.token).toBeUndefined();
    }
    expect(unknownEmail.body).toEqual(wrong.body);
    expect(unknownPhone.body).toEqual(wrong.body);
    expect(wrongByPhone.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe('The email or phone, or the password, is not right.');
    const ar = await login('nobody.here@example.com', 'x', app, undefined, 'ar');
    expect(ar.statusCode).toBe(422);
    expect(ar.body.message).toBe('البريد الإلكتروني أو الهاتف أو كلمة المرور غير صحيحة.');
    const arWrong = await login(DEMO_USER.email, 'x', app, undefined, 'ar');
    expect(arWrong.body).toEqual(ar.body);
  });

  it('refuses a password that differs only in case', async () => {
    const res = await login(DEMO_USER.email, DEMO_USER.password.toUpperCase());
    expect(res.statusCode).toBe(422);
  });

  it('asks for both fields', async () => {
    const res = await call(app, 'POST', '/user/login', { body: {} });
    expect(res.statusCode).toBe(422);
    expect(res.body.errors.login).toEqual(['Required']);
    expect(res.body.errors.password).toEqual(['Required']);
  });
});

describe('tokens', () => {
  it('GET /user/logout revokes that token only; another token of the same shopper still works', async () => {
    const { token, body } = await registerShopper(app);
    const other = (await login(body.email, body.password)).body.data.token as string;
    const out = await call(app, 'GET', '/user/logout', { token });
    expect(out.statusCode).toBe(200);
    expect(out.body.status).toBe(200);
    expect(out.body.message).toBe('You have been logged out.');

    const after = await call(app, 'GET', '/user/profile', { token });
    expect(after.statusCode).toBe(401);
    expect(after.body).toEqual({ status: 401, message: 'Please log in first.' });
    // logging out twice is refused too: the token is gone
    expect((await call(app, 'GET', '/user/logout', { token })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/showCard', { token })).statusCode).toBe(401);

    const still = await call(app, 'GET', '/user/profile', { token: other });
    expect(still.statusCode).toBe(200);
    const row = await app.db.selectFrom('tokens').select('revoked_at')
      .where('token_hash', '=', crypto.createHash('sha256').update(token).digest('hex')).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });

  it('refuses an expired token with 401 and the error envelope, in the shopper\'s language', async () => {
    const { token, user } = await registerShopper(app);
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    const row = await app.db.selectFrom('tokens').select(['user_id', 'revoked_at', 'expires_at']).where('token_hash', '=', hash).executeTakeFirstOrThrow();
    // a live token of this shopper until we move its expiry into the past
    expect(row).toMatchObject({ user_id: user.id, revoked_at: null });
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.now());
    await app.db.updateTable('tokens').set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('token_hash', '=', hash).execute();
    const res = await call(app, 'GET', '/user/profile', { token });
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual({ status: 401, message: 'Please log in first.' });
    const ar = await call(app, 'GET', '/user/profile', { token, lang: 'ar' });
    expect(ar.statusCode).toBe(401);
    expect(ar.body).toEqual({ status: 401, message: 'يُرجى تسجيل الدخول أولاً.' });
    expect((await call(app, 'GET', '/showCard', { token })).statusCode).toBe(401);
  });

  it('a token in use stops working once its 30 days are over', async () => {
    const { token } = await registerShopper(app);
    expect((await call(app, 'GET', '/user/profile', { token })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 29 * 86_400_000);
      expect((await call(app, 'GET', '/user/profile', { token })).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 1 * 86_400_000 + 60_000);
      const res = await call(app, 'GET', '/user/profile', { token });
      expect(res.statusCode).toBe(401);
      expect(res.body).toEqual({ status: 401, message: 'Please log in first.' });
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['no Authorization header', undefined],
    ['an empty bearer', 'Bearer '],
    ['a garbage header', 'garbage'],
    ['a Basic header', `Basic ${Buffer.from(`${DEMO_USER.email}:${DEMO_USER.password}`).toString('base64')}`],
    ['a well-formed unknown token', `Bearer ${crypto.randomBytes(32).toString('base64url')}`],
    ['a token with odd characters', 'Bearer abc.def/ghi+jkl==; DROP TABLE tokens'],
    ['a huge token', `Bearer ${'a'.repeat(5000)}`],
    ['a stored hash used as a token', 'HASH'],
  ])('answers 401 to %s', async (_name, header) => {
    let value = header;
    if (value === 'HASH') {
      const row = await app.db.selectFrom('tokens').select('token_hash').executeTakeFirstOrThrow();
      value = `Bearer ${row.token_hash}`;
    }
    const res = await call(app, 'GET', '/user/profile', { headers: value === undefined ? {} : { authorization: value } });
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual({ status: 401, message: 'Please log in first.' });
  });
});

describe('profile', () => {
  it('GET /user/profile answers exactly { id, first_name, last_name, email, phone, birth_date, points }', async () => {
    const token = await loginDemo(app);
    const res = await call(app, 'GET', '/user/profile', { token });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['user']);
    expect(Object.keys(res.body.data.user).sort()).toEqual(['birth_date', 'email', 'first_name', 'id', 'last_name', 'must_change_password', 'phone', 'points', 'role']);
    expect(res.body.data.user).toMatchObject({
      first_name: DEMO_USER.first_name,
      last_name: DEMO_USER.last_name,
      email: DEMO_USER.email,
      phone: DEMO_USER.phone,
      birth_date: DEMO_USER.birth_date,
      points: DEMO_USER.points,
    });
  });

  it('never sends the password hash in any account answer', async () => {
    const reg = await register(signUp());
    const token = reg.body.data.token;
    const answers = [
      reg,
      await call(app, 'POST', '/user/login', { body: { login: reg.body.data.user.email, password: 'secret123' } }),
      await call(app, 'GET', '/user/profile', { token }),
      await call(app, 'POST', '/user/profile/update', { token, body: { first_name: 'Mona', last_name: 'Nabil', phone: reg.body.data.user.phone, birth_date: '1998-03-14' } }),
      await call(app, 'POST', '/user/change-password', { token, body: { current_password: 'secret123', password: 'secret456', password_confirmation: 'secret456' } }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBeLessThan(300);
      expect(res.raw).not.toMatch(/password_hash|scrypt\$|secret123|secret456/);
    }
  });

  it('POST /user/profile/update changes names, phone and birth date, and keeps the email', async () => {
    const { token, user } = await registerShopper(app);
    const { phone } = unique();
    const eastern = phone.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);
    const body = { first_name: 'منى', last_name: 'Hassan', phone: eastern, birth_date: '1990-12-31' };
    // The email is not the profile's to change: sending it is refused, named.
    const withEmail = await call(app, 'POST', '/user/profile/update', { token, body: { ...body, email: 'changed@example.com' } });
    expect(withEmail.statusCode).toBe(422);
    expect(withEmail.body.errors).toEqual({ email: ['This field is not part of this request.'] });
    const res = await call(app, 'POST', '/user/profile/update', { token, body });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    expect(res.body.data.user).toEqual({
      id: user.id, first_name: 'منى', last_name: 'Hassan', email: user.email, phone, birth_date: '1990-12-31', points: 0,
      role: 'shopper', must_change_password: false,
    });
    const profile = await call(app, 'GET', '/user/profile', { token });
    expect(profile.body.data.user).toEqual(res.body.data.user);
    expect(profile.body.data.user.email).toBe(user.email);
    // the new phone logs in; the refused email does not
    expect((await login(phone, 'secret123')).statusCode).toBe(200);
    expect((await login('changed@example.com', 'secret123')).statusCode).toBe(422);
  });

  it.each([
    ['first_name', { first_name: 'Mo' }, 'Must be one name of at least 3 letters.'],
    ['last_name', { last_name: 'Abd Allah' }, 'Must be one name of at least 3 letters.'],
    ['phone', { phone: '0101' }, 'Phone must be 11 digits.'],
    ['birth_date', { birth_date: '1998-02-30' }, 'February has at most 29 days.'],
    ['birth_date', { birth_date: '1998-06-31' }, 'This month has at most 30 days.'],
    ['birth_date', { birth_date: '1995-02-29' }, '1995 is not a leap year: February has 28 days.'],
    ['birth_date', { birth_date: `${Number(cairoToday().slice(0, 4)) - 3}-01-01` }, 'You must be at least 10 years old.'],
  ])('refuses a bad %s on update with 422 and changes nothing', async (field, overrides, message) => {
    const { token, user } = await registerShopper(app);
    const body = { first_name: 'Mona', last_name: 'Hassan', phone: user.phone, birth_date: '1990-01-01', ...overrides };
    const res = await call(app, 'POST', '/user/profile/update', { token, body });
    expect(res.statusCode).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    const ar = await call(app, 'POST', '/user/profile/update', { token, body, lang: 'ar' });
    expect(ar.statusCode).toBe(422);
    expect(ar.body.errors[field][0]).toMatch(ARABIC);
    const profile = await call(app, 'GET', '/user/profile', { token });
    expect(profile.body.data.user).toEqual(user);
  });

  it('refuses to take another shopper\'s phone (422, errors.phone) but keeps one\'s own', async () => {
    const { token, user } = await registerShopper(app);
    const body = { first_name: 'Mona', last_name: 'Hassan', birth_date: '1990-01-01' };
    const taken = await call(app, 'POST', '/user/profile/update', { token, body: { ...body, phone: DEMO_USER.phone } });
    expect(taken.statusCode).toBe(422);
    expect(taken.body.errors.phone).toEqual(['An account with this phone number already exists.']);
    const takenAr = await call(app, 'POST', '/user/profile/update', { token, lang: 'ar', body: { ...body, phone: `+20${DEMO_USER.phone.slice(1)}` } });
    expect(takenAr.statusCode).toBe(422);
    expect(takenAr.body.errors.phone).toEqual(['يوجد حساب بهذا الرقم بالفعل.']);
    expect((await call(app, 'GET', '/user/profile', { token })).body.data.user.phone).toBe(user.phone);
    const demo = await app.db.selectFrom('users').select('id').where('phone', '=', DEMO_USER.phone).execute();
    expect(demo).toHaveLength(1);

    const own = await call(app, 'POST', '/user/profile/update', { token, body: { ...body, phone: user.phone } });
    expect(own.statusCode).toBe(200);
    expect(own.body.data.user.first_name).toBe('Mona');
  });

  it('needs a token', async () => {
    const res = await call(app, 'POST', '/user/profile/update', { body: { first_name: 'Mona', last_name: 'Hassan', phone: '01012345678', birth_date: '1990-01-01' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /user/change-password', () => {
  it('refuses a wrong current password with 422 under current_password, and changes nothing', async () => {
    const { token, body } = await registerShopper(app);
    const res = await call(app, 'POST', '/user/change-password', {
      token, body: { current_password: 'not-it', password: 'newpass1', password_confirmation: 'newpass1' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.body.errors.current_password).toEqual(['Your current password is not right.']);
    const ar = await call(app, 'POST', '/user/change-password', {
      token, lang: 'ar', body: { current_password: 'not-it', password: 'newpass1', password_confirmation: 'newpass1' },
    });
    expect(ar.body.errors.current_password).toEqual(['كلمة المرور الحالية غير صحيحة.']);
    expect((await login(body.email, body.password)).statusCode).toBe(200);
    expect((await login(body.email, 'newpass1')).statusCode).toBe(422);
    expect((await call(app, 'GET', '/user/profile', { token })).statusCode).toBe(200);
  });

  it('applies the sign-up password rules to the new password', async () => {
    const { token, body } = await registerShopper(app);
    const short = await call(app, 'POST', '/user/change-password', {
      token, body: { current_password: body.password, password: '12345', password_confirmation: '12345' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.body.errors.password).toEqual(['Password must be at least 6 characters.']);
    const mismatch = await call(app, 'POST', '/user/change-password', {
      token, body: { current_password: body.password, password: 'newpass1', password_confirmation: 'newpass2' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual(['Passwords must match.']);
    expect((await login(body.email, body.password)).statusCode).toBe(200);
  });

  it('on success revokes the shopper\'s other tokens, keeps the current one; the new password logs in, the old does not', async () => {
    const { token, body, user } = await registerShopper(app);
    const other1 = (await login(body.email, body.password)).body.data.token as string;
    const other2 = (await login(body.phone, body.password)).body.data.token as string;
    const stranger = await loginDemo(app);

    const res = await call(app, 'POST', '/user/change-password', {
      token, body: { current_password: body.password, password: 'brand-new-9', password_confirmation: 'brand-new-9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    expect(res.body.message).toBe('Your password was changed. Other devices were signed out.');

    expect((await call(app, 'GET', '/user/profile', { token })).statusCode).toBe(200);
    for (const t of [other1, other2]) {
      const r = await call(app, 'GET', '/user/profile', { token: t });
      expect(r.statusCode).toBe(401);
      expect(r.body).toEqual({ status: 401, message: 'Please log in first.' });
    }
    // other shoppers' sessions are not touched
    expect((await call(app, 'GET', '/user/profile', { token: stranger })).statusCode).toBe(200);

    const old = await login(body.email, body.password);
    expect(old.statusCode).toBe(422);
    const fresh = await login(body.email, 'brand-new-9');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body.data.user.id).toBe(user.id);
    const row = await app.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain('brand-new-9');
  });

  it('needs a token', async () => {
    const res = await call(app, 'POST', '/user/change-password', { body: { current_password: 'x', password: 'newpass1', password_confirmation: 'newpass1' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('rate limits on credentials', () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await makeApp({ authRateLimitMax: 3 });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('a client cannot dodge the limit by naming another address in X-Forwarded-For', async () => {
    const email = 'spoofer@example.com';
    for (let i = 0; i < 3; i++) {
      const res = await login(email, `wrong-${i}`, limited, { 'x-forwarded-for': `198.51.100.${i}` });
      expect(res.statusCode).toBe(422);
    }
    const blocked = await login(email, 'secret123', limited, { 'x-forwarded-for': '198.51.100.99' });
    expect(blocked.statusCode).toBe(429);
  });

  it('the 4th log-in attempt for one account from one address gets 429 with Retry-After; another account is not blocked', async () => {
    const from = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 3; i++) {
      const res = await login(DEMO_USER.email, `wrong-${i}`, limited, from);
      expect(res.statusCode).toBe(422);
    }
    const blocked = await login(DEMO_USER.email, DEMO_USER.password, limited, from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body.status).toBe(429);
    expect(blocked.body.data).toBeUndefined();
    // Retry-After in seconds; the message in whole minutes, rounded up.
    const retry = Number(blocked.headers['retry-after']);
    expect(Number.isInteger(retry)).toBe(true);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    const minutes = Math.ceil(retry / 60);
    expect(blocked.body.message).toBe(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);

    // the same account written differently is the same account
    const upper = await login(DEMO_USER.email.toUpperCase(), DEMO_USER.password, limited, from, 'ar');
    expect(upper.statusCode).toBe(429);
    expect(upper.body.status).toBe(429);
    expect(upper.body.message).toMatch(ARABIC);
    expect(upper.body.message).toContain('محاولات كثيرة جداً');
    expect(upper.body.message).not.toMatch(/[0-9]/);
    expect(upper.headers['retry-after']).toBeDefined();

    // a different account from the same address still gets its answer
    const otherAccount = await login('someone.else@example.com', 'whatever', limited, from);
    expect(otherAccount.statusCode).toBe(422);
  });

  it('counts one account as one, however its phone is written', async () => {
    // a shopper of its own (the demo account is blocked above: its email and phone are one account),
    // made without the sign-up route, whose own limit the test below counts
    const { phone } = await limited.accounts.register(signUp(), limited.carts.today());
    const from = { 'x-forwarded-for': '203.0.113.99' };
    for (let i = 0; i < 3; i++) {
      expect((await login(phone, `wrong-${i}`, limited, from)).statusCode).toBe(422);
    }
    const eastern = phone.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);
    for (const written of [eastern, `+20${phone.slice(1)}`, `${phone.slice(0, 3)} ${phone.slice(3)}`]) {
      const res = await login(written, 'another-guess', limited, from);
      expect(res.statusCode, written).toBe(429);
    }
  });

  it('limits sign-up too', async () => {
    const from = { 'x-forwarded-for': '198.51.100.23' };
    for (let i = 0; i < 3; i++) {
      const res = await call(limited, 'POST', '/user/register', { body: signUp(), headers: from });
      expect(res.statusCode).toBe(201);
    }
    const body = signUp();
    const blocked = await call(limited, 'POST', '/user/register', { body, headers: from, lang: 'ar' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body.status).toBe(429);
    expect(blocked.body.message).toMatch(ARABIC);
    expect(blocked.headers['retry-after']).toBeDefined();
    const none = await limited.db.selectFrom('users').select('id').where('email', '=', body.email).execute();
    expect(none).toHaveLength(0);
  });
});

describe('addresses', () => {
  const valid = { title: 'Home', address: '5 Nile St, floor 3', phone: '01012345678', city: 'Maadi', government: 'cairo' };

  it('POST /user/add/address saves it and answers it, governorate in the request language plus its code', async () => {
    const { token } = await registerShopper(app);
    const res = await call(app, 'POST', '/user/add/address', { token, body: valid });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(200);
    expect(res.body.message).toBe('Address added.');
    expect(res.body.data).toEqual({
      id: expect.any(Number), title: 'Home', address: '5 Nile St, floor 3', phone: '01012345678', city: 'Maadi',
      government: 'Cairo', government_code: 'cairo',
    });
    const ar = await call(app, 'POST', '/user/add/address', { token, lang: 'ar', body: { ...valid, government: 'Giza' } });
    expect(ar.statusCode).toBe(200);
    expect(ar.body.message).toBe('تمت إضافة العنوان.');
    expect(ar.body.data.government).toBe('الجيزة');
    expect(ar.body.data.government_code).toBe('giza');
  });

  it.each([
    ['its code', 'alexandria', 'alexandria'],
    ['its code in capitals', 'RED-SEA', 'red-sea'],
    ['its English name', 'Kafr El Sheikh', 'kafr-el-sheikh'],
    ['its English name in lower case', 'port said', 'port-said'],
    ['its Arabic name', 'الإسكندرية', 'alexandria'],
    ['its Arabic name with spaces around', '  الأقصر ', 'luxor'],
  ])('accepts a governorate given by %s', async (_name, given, code) => {
    const { token } = await registerShopper(app);
    const res = await call(app, 'POST', '/user/add/address', { token, body: { ...valid, government: given } });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.government_code).toBe(code);
    const list = await call(app, 'GET', '/user/show/address', { token, lang: 'ar' });
    expect(list.body.data.address[0].government).toMatch(ARABIC);
  });

  it('accepts the phone with Eastern Arabic digits and stores it normalized', async () => {
    const { token } = await registerShopper(app);
    const res = await call(app, 'POST', '/user/add/address', { token, body: { ...valid, phone: '٠١٠١٢٣٤٥٦٧٨' } });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.phone).toBe('01012345678');
  });

  it('refuses a governorate that is not one of the 27', async () => {
    const { token } = await registerShopper(app);
    for (const government of ['Atlantis', 'Cairo City', 'القاهره الكبرى']) {
      const res = await call(app, 'POST', '/user/add/address', { token, body: { ...valid, government } });
      expect(res.statusCode).toBe(422);
      expect(res.body.errors.government).toEqual(['Please choose one of Egypt\'s governorates.']);
    }
    const ar = await call(app, 'POST', '/user/add/address', { token, lang: 'ar', body: { ...valid, government: 'Atlantis' } });
    expect(ar.body.errors.government).toEqual(['يُرجى اختيار إحدى محافظات مصر.']);
    expect((await call(app, 'GET', '/user/show/address', { token })).body.data.address).toEqual([]);
  });

  it('refuses a bad phone under errors.phone', async () => {
    const { token } = await registerShopper(app);
    for (const phone of ['123', '010123456789', 'phone-number']) {
      const res = await call(app, 'POST', '/user/add/address', { token, body: { ...valid, phone } });
      expect(res.statusCode).toBe(422);
      expect(res.body.errors.phone).toEqual(['Phone must be 11 digits.']);
    }
    const ar = await call(app, 'POST', '/user/add/address', { token, lang: 'ar', body: { ...valid, phone: '123' } });
    expect(ar.body.errors.phone).toEqual(['يجب أن يتكون رقم الهاتف من ١١ رقماً.']);
  });

  it('requires all five fields, each reported under its own key', async () => {
    const { token } = await registerShopper(app);
    const fields = ['address', 'city', 'government', 'phone', 'title'];
    const missing = await call(app, 'POST', '/user/add/address', { token, body: {} });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(fields);
    for (const f of fields) expect(missing.body.errors[f]).toEqual(['Required']);
    const blank = await call(app, 'POST', '/user/add/address', { token, lang: 'ar', body: { title: ' ', address: '', phone: '', city: '  ', government: '' } });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.body.errors).sort()).toEqual(fields);
    for (const f of fields) expect(blank.body.errors[f]).toEqual(['مطلوب']);
    for (const f of fields) {
      const one = await call(app, 'POST', '/user/add/address', { token, body: { ...valid, [f]: '' } });
      expect(one.statusCode).toBe(422);
      expect(Object.keys(one.body.errors)).toEqual([f]);
    }
    expect((await call(app, 'GET', '/user/show/address', { token })).body.data.address).toEqual([]);
  });

  it('GET /user/show/address lists the shopper\'s addresses only; the demo shopper has one', async () => {
    const demo = await loginDemo(app);
    const demoList = await call(app, 'GET', '/user/show/address', { token: demo });
    expect(demoList.statusCode).toBe(200);
    expect(demoList.body.data.address.length).toBeGreaterThanOrEqual(1);
    for (const a of demoList.body.data.address) {
      expect(a).toEqual(expect.objectContaining({
        id: expect.any(Number), title: expect.any(String), address: expect.any(String), phone: expect.stringMatching(/^01\d{9}$/),
        city: expect.any(String), government: expect.any(String),
      }));
    }

    const { token } = await registerShopper(app);
    expect((await call(app, 'GET', '/user/show/address', { token })).body.data).toEqual({ address: [] });
    const a = (await call(app, 'POST', '/user/add/address', { token, body: valid })).body.data;
    const b = (await call(app, 'POST', '/user/add/address', { token, body: { ...valid, title: 'Work', government: 'giza' } })).body.data;
    const list = await call(app, 'GET', '/user/show/address', { token, lang: 'ar' });
    expect(list.statusCode).toBe(200);
    expect(list.body.data.address.map((x: any) => x.id)).toEqual([a.id, b.id]);
    expect(list.body.data.address[0]).toMatchObject({ title: 'Home', government: 'القاهرة' });
    expect(list.body.data.address[1]).toMatchObject({ title: 'Work', government: 'الجيزة' });
    const demoIds = demoList.body.data.address.map((x: any) => x.id);
    expect(demoIds).not.toContain(a.id);
    expect(demoIds).not.toContain(b.id);
  });

  it('DELETE /user/address/{id} deletes one\'s own; another shopper\'s id and an unknown id answer 404', async () => {
    const owner = await registerShopper(app);
    const other = await registerShopper(app);
    const mine = (await call(app, 'POST', '/user/add/address', { token: owner.token, body: valid })).body.data;
    const keep = (await call(app, 'POST', '/user/add/address', { token: owner.token, body: { ...valid, title: 'Work' } })).body.data;

    // never listed for someone else
    expect((await call(app, 'GET', '/user/show/address', { token: other.token })).body.data.address).toEqual([]);

    const foreign = await call(app, 'DELETE', `/user/address/${mine.id}`, { token: other.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toEqual({ status: 404, message: 'This address was not found.' });
    const foreignAr = await call(app, 'DELETE', `/user/address/${mine.id}`, { token: other.token, lang: 'ar' });
    expect(foreignAr.statusCode).toBe(404);
    expect(foreignAr.body.message).toBe('لم يتم العثور على هذا العنوان.');
    expect((await call(app, 'GET', '/user/show/address', { token: owner.token })).body.data.address).toHaveLength(2);

    const unknown = await call(app, 'DELETE', '/user/address/999999', { token: owner.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.status).toBe(404);

    const noToken = await call(app, 'DELETE', `/user/address/${mine.id}`);
    expect(noToken.statusCode).toBe(401);

    const del = await call(app, 'DELETE', `/user/address/${mine.id}`, { token: owner.token });
    expect(del.statusCode).toBe(200);
    expect(del.body.status).toBe(200);
    expect(del.body.message).toBe('Address deleted.');
    const left = await call(app, 'GET', '/user/show/address', { token: owner.token });
    expect(left.body.data.address.map((x: any) => x.id)).toEqual([keep.id]);

    const again = await call(app, 'DELETE', `/user/address/${mine.id}`, { token: owner.token });
    expect(again.statusCode).toBe(404);
  });

  it('address calls need a token', async () => {
    expect((await call(app, 'POST', '/user/add/address', { body: valid })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/user/show/address')).statusCode).toBe(401);
  });
});

describe('log-ins per address', () => {
  it('one address trying many accounts meets 429 past the per-address limit', async () => {
    const limited = await makeApp({ authRateLimitPerAddressMax: 5 });
    try {
      const answers = [];
      for (let i = 0; i < 7; i++) {
        answers.push(await call(limited, 'POST', '/user/login', { body: { login: `nobody${i}@example.com`, password: 'guess123' } }));
      }
      expect(answers.slice(0, 5).map((a) => a.statusCode)).toEqual([422, 422, 422, 422, 422]);
      expect(answers.slice(5).map((a) => a.statusCode)).toEqual([429, 429]);
      expect(Number(answers[6].headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
