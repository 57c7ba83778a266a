// A forgotten password (docs/mail.md): the link goes by mail through a real
// SMTP server started here, works once for 30 minutes, and signs out every
// session; the answer never tells whether an account exists.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { call, loginAs, loginOwner, makeApp, registerShopper } from './helpers.ts';
import { freshDatabase, postgresWanted } from '../postgres.ts';
import { partsOf, startMailServer, type MailServer } from './mail-server.ts';
import { DEMO_USER } from '../../server/db/seed/seed.ts';
import { MAX_ATTEMPTS, RETRY_AFTER_MS } from '../../server/mail/mail-queue.ts';

let smtp: MailServer;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startMailServer();
  app = await makeApp({}, { smtpUrl: smtp.url, publicUrl: 'https://attar.test' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

/** Asks for a link and sends what is due; answers the mails received meanwhile. */
async function forgot(login: string, lang: 'en' | 'ar' = 'en') {
  const before = smtp.received.length;
  const res = await call(app, 'POST', '/user/password/forgot', { body: { login }, lang });
  await app.mail.drain();
  return { res, mails: smtp.received.slice(before) };
}

const linkIn = (text: string) => /https:\/\/attar\.test\/reset-password\?token=([\w-]+)&lang=(en|ar)/.exec(text);

describe('a forgotten password', () => {
  it('mails a link to the account\'s address, by email or by phone, in the language it was asked in', async () => {
    const byEmail = await forgot(DEMO_USER.email);
    expect(byEmail.res.statusCode, byEmail.res.raw).toBe(200);
    expect(byEmail.mails).toHaveLength(1);
    expect(byEmail.mails[0].to).toEqual([DEMO_USER.email]);
    const en = partsOf(byEmail.mails[0].raw);
    expect(en.subject).toBe('Choose a new password for Attar');
    expect(en.html).toContain('<html lang="en" dir="ltr">');
    expect(linkIn(en.text)?.[2]).toBe('en');
    expect(en.text).toContain('30 minutes');

    // A phone in Arabic digits, asked in Arabic: the mail goes to the account's email, in Arabic.
    const byPhone = await forgot('٠١٠١١١١٢٢٢٢', 'ar');
    expect(byPhone.mails).toHaveLength(1);
    expect(byPhone.mails[0].to).toEqual([DEMO_USER.email]);
    const ar = partsOf(byPhone.mails[0].raw);
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.subject).toBe('اختر كلمة مرور جديدة لحسابك في عطّار');
    expect(ar.text).toContain('٣٠ دقيقة');
    expect(ar.text).not.toMatch(/[0-9]+ دقيقة/);
    expect(linkIn(ar.text)?.[2]).toBe('ar');
    // No remote image, font or style sheet: the only address is the link.
    for (const html of [en.html, ar.html]) {
      expect(html).not.toMatch(/<img|<link|url\(|@import/i);
      expect(html.match(/https?:\/\/[^\s"'<]+/g)!.every((u) => u.startsWith('https://attar.test/reset-password'))).toBe(true);
    }
  });

  it('answers the same for an unknown login, and sends nothing', async () => {
    const known = await forgot(DEMO_USER.email);
    const unknown = await forgot('nobody-here@example.com');
    const nonsense = await forgot('not a login');
    expect(unknown.res.statusCode).toBe(200);
    expect(unknown.res.body).toEqual(known.res.body);
    expect(nonsense.res.body).toEqual(known.res.body);
    expect(unknown.mails).toEqual([]);
    expect(nonsense.mails).toEqual([]);
    // Nothing of the unknown login stays: not in the outbox, not a link.
    const kept = await app.db.selectFrom('mails').select('to_address').where('to_address', 'in', ['nobody-here@example.com', 'not a login']).execute();
    expect(kept).toEqual([]);
  });

  it('sets the new password once, signs every session out, and refuses the link again', async () => {
    const shopper = await registerShopper(app);
    const session = await loginAs(app, shopper.body.email, shopper.body.password);
    const { mails } = await forgot(shopper.body.email);
    const token = linkIn(partsOf(mails[0].raw).text)![1];

    const mismatch = await call(app, 'POST', '/user/password/reset', { body: { token, password: 'brand-new-1', password_confirmation: 'brand-new-2' } });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toBeDefined();

    const done = await call(app, 'POST', '/user/password/reset', { body: { token, password: 'brand-new-1', password_confirmation: 'brand-new-1' } });
    expect(done.statusCode, done.raw).toBe(200);
    expect((await call(app, 'GET', '/user/profile', { token: session })).statusCode).toBe(401);
    await expect(loginAs(app, shopper.body.email, shopper.body.password)).rejects.toThrow();
    expect(await loginAs(app, shopper.body.email, 'brand-new-1')).toBeTruthy();

    const again = await call(app, 'POST', '/user/password/reset', { body: { token, password: 'other-pass-1', password_confirmation: 'other-pass-1' }, lang: 'ar' });
    expect(again.statusCode).toBe(422);
    expect(again.body.errors.token[0]).toBe('انتهت صلاحية هذا الرابط أو سبق استخدامه. يُرجى طلب رابط جديد.');
  });

  it('refuses a link after 30 minutes, and one never sent', async () => {
    const shopper = await registerShopper(app);
    const { mails } = await forgot(shopper.body.email);
    const token = linkIn(partsOf(mails[0].raw).text)![1];
    await app.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('used_at', 'is', null).execute();
    const late = await call(app, 'POST', '/user/password/reset', { body: { token, password: 'brand-new-1', password_confirmation: 'brand-new-1' } });
    expect(late.statusCode).toBe(422);
    const made = await call(app, 'POST', '/user/password/reset', { body: { token: 'x'.repeat(43), password: 'brand-new-1', password_confirmation: 'brand-new-1' } });
    expect(made.statusCode).toBe(422);
    expect(await loginAs(app, shopper.body.email, shopper.body.password)).toBeTruthy();
  });

  it('keeps the links hashed: no token of a link is stored', async () => {
    const { mails } = await forgot(DEMO_USER.email);
    const token = linkIn(partsOf(mails[0].raw).text)![1];
    const rows = await app.db.selectFrom('password_resets').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('the mail queue', () => {
  it('tries a refused mail again later with a new link (the refused one spent), keeps no live link once sent, and marks it failed after the last try', async () => {
    const shopper = await registerShopper(app);
    smtp.refuseNext(1);
    const { mails } = await forgot(shopper.body.email);
    expect(mails).toEqual([]);
    const row = await app.db.selectFrom('mails').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    // Its words go: the next try writes them again, with a link of its own.
    expect(row).toMatchObject({ status: 'queued', attempts: 1, to_address: shopper.body.email, subject: '', html: '', text: '' });
    expect(row.last_error).toContain('451');
    const spent = await app.db.selectFrom('password_resets').select('used_at').where('user_id', '=', shopper.user.id).execute();
    expect(spent).toHaveLength(1);
    expect(spent[0].used_at).not.toBeNull();

    // Not before its time; then sent, with a new link that works.
    await app.mail.drain(row.next_attempt_at - 1);
    expect((await app.db.selectFrom('mails').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status).toBe('queued');
    const before = smtp.received.length;
    await app.mail.drain(row.next_attempt_at);
    expect(smtp.received.length).toBe(before + 1);
    const token = linkIn(partsOf(smtp.received.at(-1)!.raw).text)![1];
    const sent = await app.db.selectFrom('mails').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(sent.status).toBe('sent');
    // Sent by mail, the link is the shopper's alone: the outbox keeps the mail without its token.
    expect(sent.text).toContain('https://attar.test/reset-password?token=…&lang=en');
    expect(sent.text + sent.html).not.toContain(token);
    const reset = await call(app, 'POST', '/user/password/reset', { body: { token, password: 'brand-new-2', password_confirmation: 'brand-new-2' } });
    expect(reset.statusCode, reset.raw).toBe(200);

    // Refused every time: failed after the last try, each try later than the one before.
    smtp.refuseNext(MAX_ATTEMPTS);
    await forgot(DEMO_USER.email);
    const failing = await app.db.selectFrom('mails').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    let at = Date.now();
    for (const wait of RETRY_AFTER_MS) {
      const now = await app.db.selectFrom('mails').select(['next_attempt_at', 'status']).where('id', '=', failing.id).executeTakeFirstOrThrow();
      expect(now.status).toBe('queued');
      expect(now.next_attempt_at).toBeGreaterThanOrEqual(at + wait - 60_000);
      at = now.next_attempt_at;
      await app.mail.drain(at);
    }
    const failed = await app.db.selectFrom('mails').select(['status', 'attempts', 'last_error']).where('id', '=', failing.id).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    smtp.refuseNext(0);

    // The owner sends it again from the outbox: with a link written now, not one of the refused tries'.
    const again = smtp.received.length;
    const retried = await call(app, 'POST', `/admin/mails/${failing.id}/retry`, { token: await loginOwner(app) });
    expect(retried.statusCode, retried.raw).toBe(200);
    await app.mail.drain();
    expect(smtp.received.slice(again)).toHaveLength(1);
    const fresh = linkIn(partsOf(smtp.received.at(-1)!.raw).text)![1];
    const live = await app.db.selectFrom('password_resets').select('token_hash').where('used_at', 'is', null).execute();
    expect(live.map((r) => r.token_hash)).toContain(crypto.createHash('sha256').update(fresh).digest('hex'));
  });

  it('sends after a restart what could not be sent before it', async () => {
    // One database for both starts: a file, or a PostgreSQL database dropped at the end.
    const pg = postgresWanted() ? await freshDatabase() : null;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attar-mail-restart-'));
    const sharedDatabase = async () => pg?.url ?? path.join(dir, 'attar.db');
    onTestFinished(async () => {
      await pg?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    const down = await startMailServer();
    const url = down.url;
    await down.close();
    const first = await makeApp({}, { smtpUrl: url, publicUrl: 'https://attar.test', databaseUrl: await sharedDatabase() });
    await call(first, 'POST', '/user/password/forgot', { body: { login: DEMO_USER.email } });
    await first.mail.drain();
    const row = await first.db.selectFrom('mails').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    await first.close();

    const up = await startMailServer(Number(new URL(url).port));
    const second = await makeApp({}, { smtpUrl: up.url, publicUrl: 'https://attar.test', databaseUrl: await sharedDatabase() });
    try {
      await second.mail.drain(row.next_attempt_at);
      expect(up.received).toHaveLength(1);
      expect(linkIn(partsOf(up.received[0].raw).text)).not.toBeNull();
      expect((await second.db.selectFrom('mails').select('status').where('id', '=', row.id).executeTakeFirstOrThrow()).status).toBe('sent');
    } finally {
      await second.close();
      await up.close();
    }
  });

  it('without SMTP_URL writes the mail to the log and keeps it in the outbox', async () => {
    const plain = await makeApp();
    try {
      await call(plain, 'POST', '/user/password/forgot', { body: { login: DEMO_USER.email } });
      await plain.mail.drain();
      const row = await plain.db.selectFrom('mails').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'logged', to_address: DEMO_USER.email, kind: 'password_reset' });
      expect(row.text).toContain('http://shop.test/reset-password?token=');
    } finally {
      await plain.close();
    }
  });
});

