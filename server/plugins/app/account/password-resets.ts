// Password reset links (docs/mail.md): asked for by email or phone, sent by
// mail to the account's email, single use, 30 minutes, stored hashed; using
// one sets the password and signs out every session of the account.
import type { Db } from '../../../db/database.ts';
import type { Lang } from '../../../contract/lang.ts';
import { hashPassword } from '../../../auth/passwords.ts';
import { hashToken, newToken, type TokenStore } from '../auth/auth-repository.ts';
import type { AccountRepository } from './account-repository.ts';
import type { ClaimedMail, MailQueue, Outgoing } from '../../../mail/mail-queue.ts';
import { resetMail } from '../../../mail/templates.ts';
import { parseLang } from '../../../contract/lang.ts';

/** A reset link's token in a mail's text or HTML (the `&` may be written `&amp;`). */
const TOKEN_IN_LINK = /(reset-password\?token=)[A-Za-z0-9_-]+/g;

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;

export class PasswordResets {
  constructor(
    private readonly db: Db,
    private readonly deps: { accounts: AccountRepository; tokens: TokenStore; mail: MailQueue; publicUrl: string },
  ) {
    deps.mail.writer('password_reset', {
      write: (mail, now) => this.#write(mail, now),
      unsent: (text, now) => this.#spend(text, now),
      sent: (text) => text.replace(TOKEN_IN_LINK, '$1…'),
    });
  }

  /** Queues a reset for what was typed: the same single write whether or not it names an account. */
  async request(login: string, lang: Lang, now = Date.now()) {
    await this.deps.mail.add(this.db, { kind: 'password_reset', lang, to: login.trim().slice(0, 254), subject: '', html: '', text: '' }, now);
    this.deps.mail.kick();
  }

  /** The sender's part: the account the login names, a new link, its mail; null (no mail) when there is no account. */
  async #write(mail: ClaimedMail, now: number): Promise<Outgoing | null> {
    const user = await this.deps.accounts.findUserByTypedLogin(mail.to_address);
    if (!user) return null;
    const lang = parseLang(mail.lang);
    const token = newToken();
    const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}&lang=${lang}`;
    const written = resetMail(lang, { name: user.first_name, link, minutes: RESET_LINK_MINUTES });
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('password_resets').values({
        user_id: user.id, token_hash: hashToken(token), created_at: new Date(now).toISOString(),
        expires_at: new Date(now + RESET_LINK_MINUTES * 60_000).toISOString(), used_at: null,
      }).execute();
      // Kept with the mail while it is sent; a refused try spends it and the next writes another (mail-queue.ts, Writer).
      await trx.updateTable('mails').set({ to_address: user.email, user_id: user.id, ...written }).where('id', '=', mail.id).execute();
    });
    return { to: user.email, ...written };
  }

  /** A link written into a mail that was not sent: spent, so only the next try's link works. */
  async #spend(text: string, now: number) {
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    if (!token) return;
    await this.db.updateTable('password_resets').set({ used_at: new Date(now).toISOString() })
      .where('token_hash', '=', hashToken(token)).where('used_at', 'is', null).execute();
  }

  /**
   * Uses a link: its token taken in one conditional write (a second use, or
   * one racing it, finds it used), then the new password, every other link of
   * the account spent and every session signed out. The account's id, or null.
   */
  async reset(token: string, password: string, now = Date.now()): Promise<number | null> {
    const hash = await hashPassword(password);
    const at = new Date(now).toISOString();
    const userId = await this.db.transaction().execute(async (trx) => {
      const used = await trx.updateTable('password_resets').set({ used_at: at })
        .where('token_hash', '=', hashToken(token)).where('used_at', 'is', null).where('expires_at', '>', at)
        .returning('user_id').executeTakeFirst();
      if (!used) return null;
      await trx.updateTable('users').set({ password_hash: hash, must_change_password: 0 }).where('id', '=', used.user_id).execute();
      await trx.updateTable('password_resets').set({ used_at: at }).where('user_id', '=', used.user_id).where('used_at', 'is', null).execute();
      await trx.updateTable('tokens').set({ revoked_at: at }).where('user_id', '=', used.user_id).where('revoked_at', 'is', null).execute();
      return used.user_id;
    });
    if (userId !== null) this.deps.tokens.forgetUser(userId);
    return userId;
  }
}
