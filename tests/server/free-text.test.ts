// Free text is text: every free-text field is cleaned on the server before it
// is checked or stored (controls, direction overrides and zero-width
// characters out, NFC, trimmed), so invisible text is empty text and nothing
// that reorders or hides what a page or a terminal shows reaches the database.
// Secrets (passwords) are taken exactly as typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { cleanText } from '../../server/contract/text.ts';
import { call, makeApp, registerShopper, seededProduct } from './helpers.ts';

describe('cleanText', () => {
  it.each([
    ['NUL, BEL and ESC (C0 controls)', 'oud\u0000 \u0007musk\u001b[31m', 'oud musk[31m'],
    ['DEL and C1 controls (NEL, CSI)', 'a\u007fb\u0085c\u009bd', 'abcd'],
    ['direction embeddings and overrides U+202A–U+202E', '\u202Atxt\u202B.\u202Cexe\u202D\u202E', 'txt.exe'],
    ['direction isolates U+2066–U+2069', '\u2066a\u2067b\u2068c\u2069', 'abc'],
    ['zero-width space, word joiner, invisible operators, BOM', '\uFEFFwo\u200Brd\u2060s\u2062', 'words'],
    ['a run of joiners collapses to its first', 'a\u200D\u200D\u200Cb', 'a\u200Db'],
    ['joiners at either end go', '\u200C\u200Dname\u200D', 'name'],
    ['decomposed letters are composed (NFC)', 'cafe\u0301', 'café'],
    ['CR LF and CR become LF', 'one\r\ntwo\rthree', 'one\ntwo\nthree'],
    ['surrounding space, including no-break space, is trimmed', ' \u00A0 salma \t\n', 'salma'],
  ])('removes %s', (_name, input, expected) => {
    expect(cleanText(input)).toBe(expected);
  });

  it.each([
    ['tab and line feed inside', 'line one\n\tline two'],
    ['Arabic with harakat, shadda and tatweel', 'عُمَر الـمبخّر'],
    ['the marks LRM and RLM, which Arabic text uses', 'السعر\u200F 120'],
    ['an emoji joined by ZWJ', 'family 👩\u200D👩\u200D👧'],
    ['a Persian word with a non-joiner', 'می\u200Cخواهم'],
  ])('keeps %s', (_name, input) => {
    expect(cleanText(input)).toBe(input);
  });

  it('leaves nothing of a text made only of invisible characters', () => {
    expect(cleanText('\u200B\u200B\u200B')).toBe('');
    expect(cleanText('\u0000\u0000')).toBe('');
    expect(cleanText('\u202E\u2066 \u200D')).toBe('');
  });
});

describe('free-text fields on the server', () => {
  let app: FastifyInstance;
  let token: string;
  let productId: number;

  beforeAll(async () => {
    app = await makeApp();
    ({ token } = await registerShopper(app));
    productId = (await seededProduct(app, 0)).id;
  });
  afterAll(async () => {
    await app.close();
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['NUL characters', '\u0000\u0000'],
    ['a right-to-left override and a BOM', '\u202E\uFEFF'],
  ])('refuse a review made only of %s with "Please write something."', async (_name, comment) => {
    for (const [lang, message] of [['en', 'Please write something.'], ['ar', 'يُرجى كتابة شيء.']] as const) {
      const res = await call(app, 'POST', '/review/send', { token, lang, body: { product_id: productId, comment, rate: 4 } });
      expect(res.statusCode).toBe(422);
      expect(res.body.errors.comment).toEqual([message]);
    }
    const rows = await app.db.selectFrom('reviews').select('comment').where('product_id', '=', productId).execute();
    expect(rows.map((r) => r.comment)).not.toContain(comment);
  });

  it('store a review without its controls, overrides and zero-width characters', async () => {
    const res = await call(app, 'POST', '/review/send', {
      token, body: { product_id: productId, comment: ' \u202EGreat\u0000 oud\u001b[2J \u200Blasts\u2066 all day\r\n', rate: 4.5 },
    });
    expect(res.statusCode).toBe(200);
    const row = await app.db.selectFrom('reviews').innerJoin('users', 'users.id', 'reviews.user_id')
      .select('comment').where('product_id', '=', productId).orderBy('reviews.id', 'desc').executeTakeFirstOrThrow();
    expect(row.comment).toBe('Great oud[2J lasts all day');
  });

  it('store an address cleaned, and refuse one whose fields are invisible, each field named', async () => {
    const ok = await call(app, 'POST', '/user/add/address', {
      token, body: { title: '\u202EHome\u200B', address: '5 Nile\u0000 St\u001b', phone: '\u2066010 1234 5678\u2069', city: 'Maadi\u0085', government: ' cairo\u200B ' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data).toMatchObject({ title: 'Home', address: '5 Nile St', phone: '01012345678', city: 'Maadi', government_code: 'cairo' });
    const invisible = await call(app, 'POST', '/user/add/address', {
      token, body: { title: '\u200B', address: '\u0000', phone: '01012345678', city: '\u202E', government: 'cairo' },
    });
    expect(invisible.statusCode).toBe(422);
    expect(invisible.body.errors).toEqual({ title: ['Required'], address: ['Required'], city: ['Required'] });
  });

  it('store a contact message cleaned, and count only visible characters toward its minimum', async () => {
    const short = await call(app, 'POST', '/contact', {
      body: { name: 'Mona Adel', email: 'mona@example.com', phone: '01012345678', message: 'Hi\u200B\u200B\u200B\u200B\u200B\u200B\u200B\u200B\u200B' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.body.errors.message).toEqual(['Must be at least 10 characters.']);
    const res = await call(app, 'POST', '/contact', {
      body: { name: '\u202EMona Adel', email: 'mona@example.com\u200B', phone: '01012345678', message: 'Do you ship\u0000 to Aswan?\u001b' },
    });
    expect(res.statusCode).toBe(200);
    const row = await app.db.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Mona Adel', email: 'mona@example.com', message: 'Do you ship to Aswan?' });
  });

  it('clean the words searched for: hidden characters do not change what is found', async () => {
    const plain = await call(app, 'GET', '/products?q=oud');
    const hidden = await call(app, 'GET', `/products?q=${encodeURIComponent('\u200Bo\u200Bud\u202E\u0000')}`);
    expect(plain.body.data.products.length).toBeGreaterThan(0);
    expect(hidden.body.data.products.map((p: { id: number }) => p.id)).toEqual(plain.body.data.products.map((p: { id: number }) => p.id));
  });

  it('clean names, but take a password exactly as typed', async () => {
    const password = ' pass\u200Bword ';
    const { token: t2, body } = await registerShopper(app, { first_name: 'Sal\u200Bma\u202E', password, password_confirmation: password });
    const profile = await call(app, 'GET', '/user/profile', { token: t2 });
    expect(profile.body.data.user.first_name).toBe('Salma');
    expect((await call(app, 'POST', '/user/login', { body: { login: body.email, password } })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/user/login', { body: { login: body.email, password: 'password' } })).statusCode).toBe(422);
  });
});
