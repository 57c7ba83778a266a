import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ERROR_RESPONSES, IdParams, MessageOnly } from '../../../contract/common.ts';
import {
  Address, AddressBody, AuthData, ChangePasswordBody, ForgotPasswordBody, LoginBody, ProfileUpdateBody, RegisterBody, ResetPasswordBody, User,
} from '../../../contract/account.ts';
import { normalizeLogin, passwordProblem } from '../../../contract/rules.ts';
import { AppError, FieldErrors } from '../../../errors.ts';
import { t } from '../../../i18n/messages.ts';
import { DUMMY_HASH, verifyPassword } from '../../../auth/passwords.ts';
import { FailureLimit, WindowLimit, type Attempt } from '../../../plugins/app/auth/window-limit.ts';
import { bearer, describe, ok, responses, type Refusal } from '../helpers.ts';
import type { Role } from '../../../domain/roles.ts';
import { RESET_LINK_MINUTES } from '../../../plugins/app/account/password-resets.ts';

/** A birth date of the right shape that is not a real one, or too recent. */
const BIRTH_DATE: Refusal[] = (['month_invalid', 'day_invalid', 'february_days', 'february_28_days', 'month_30_days', 'year_invalid', 'too_young', 'date_invalid'] as const)
  .map((key) => [422, key, 'birth_date'] as const);

/** What a shopper sees of their account: never the password's hash. */
interface UserRow {
  id: number; first_name: string; last_name: string; email: string; phone: string; birth_date: string; points: number;
  role: string; must_change_password: number;
}

function publicUser(u: UserRow) {
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    phone: u.phone,
    birth_date: u.birth_date,
    points: u.points,
    role: u.role as Role,
    must_change_password: u.must_change_password === 1,
  };
}

/** A new password's rules (sign-up's): a 422 under the field at fault. */
function checkNewPassword(password: string, confirmation: string) {
  const errors = new FieldErrors();
  const problem = passwordProblem(password, confirmation);
  errors.add(problem === 'password_mismatch' ? 'password_confirmation' : 'password', problem);
  errors.throwIfAny();
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['account'];
  const s = app.settings;
  const today = () => app.carts.today();

  app.post('/user/register', {
    config: { rateLimit: { max: s.authRateLimitMax, timeWindow: s.authRateLimitWindowMs } },
    schema: {
      tags, body: RegisterBody, response: responses(AuthData, { status: 201 }),
      description: describe('Opens an account and signs it in. Limited per address (429).', [
        [422, 'email_taken', 'email'], [422, 'phone_taken', 'phone'], [422, 'password_mismatch', 'password_confirmation'], ...BIRTH_DATE,
      ]),
    },
  }, async (request, reply) => {
    const user = await app.accounts.register(request.body, today());
    const token = await app.tokens.issue(user.id);
    reply.code(201);
    return ok(t(request.lang, 'registered'), { token, user: publicUser(user) }, 201);
  });

  // The account a log-in names, by email or by phone in any writing; looked up
  // once per request, for the per-account limit and then for the password.
  const loginAccounts = new WeakMap<FastifyRequest, ReturnType<typeof app.accounts.findUserByLogin>>();
  const loginAccount = (request: FastifyRequest) => {
    let found = loginAccounts.get(request);
    if (!found) {
      const login = (request.body as { login?: unknown } | undefined)?.login;
      found = app.accounts.findUserByTypedLogin(typeof login === 'string' ? login : '');
      loginAccounts.set(request, found);
    }
    return found;
  };

  // Log-in limits count the attempts that did not sign in (OWASP ASVS): a
  // shopper who signs in often is never held back, and a success clears the
  // account's failures. Each attempt counts while it runs, so a burst sent at
  // once gets no more tries than the limit.
  // Per account (per address), however it is named: its email and its phone
  // are one key, else 10 guesses by email and 10 more by phone. An unknown name
  // counts as itself.
  // Counted in the database, so every instance counts the same tries.
  const failuresPerAccount = new FailureLimit(app.limits, 'login-failures', s.authRateLimitMax, s.authRateLimitWindowMs);
  // Beside it: one address trying one password on many accounts. Every attempt
  // counts, even one the schema refuses, and a success gives its own back.
  const loginsPerAddress = new WindowLimit(app.limits, 'logins-per-address', s.authRateLimitPerAddressMax, s.authRateLimitWindowMs);
  const loginAttempts = new WeakMap<FastifyRequest, Attempt>();

  app.post('/user/login', {
    onRequest: async (request) => loginsPerAddress.hit(request.ip),
    // After the body is read and checked, so each account is counted per address.
    preHandler: async (request) => {
      const login = (request.body as { login?: unknown } | undefined)?.login;
      const user = await loginAccount(request);
      const key = `${request.ip}|${user ? `#${user.id}` : typeof login === 'string' ? normalizeLogin(login.slice(0, 254)) : ''}`;
      loginAttempts.set(request, await failuresPerAccount.attempt(key));
    },
    schema: {
      tags, body: LoginBody, response: responses(AuthData),
      description: describe('Signs in with an email or a phone. Failed attempts are limited per account and per address (429); a success clears the account\'s.', [[422, 'login_failed'], [422, 'login_failed', 'login']]),
    },
  }, async (request) => {
    const attempt = loginAttempts.get(request)!;
    const { password } = request.body;
    const user = await loginAccount(request);
    // Same work whether or not the account exists, so timing does not reveal accounts.
    const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !valid) {
      // Which account was tried is named by its id only: a mistyped login may be someone's password.
      request.log.info({ event: 'login_failed', reason: user ? 'bad password' : 'unknown account', userId: user?.id, ip: request.ip }, 'login failed');
      throw new AppError(422, 'login_failed', undefined, { login: [{ key: 'login_failed' }] });
    }
    const token = await app.tokens.issue(user.id);
    await attempt.succeeded();
    await loginsPerAddress.release(request.ip);
    return ok(t(request.lang, 'logged_in'), { token, user: publicUser(user) });
  });

  app.get('/user/logout', {
    onRequest: app.authenticate, schema: { tags, security: bearer, response: { 200: MessageOnly, ...ERROR_RESPONSES } },
  }, async (request) => {
    await app.tokens.revoke(request.user!.tokenId);
    return ok(t(request.lang, 'logged_out'), null);
  });

  app.get('/user/profile', {
    onRequest: app.authenticate, schema: { tags, security: bearer, response: responses(Type.Object({ user: User })) },
  }, async (request) => {
    const user = await app.accounts.findUser(request.user!.id);
    return ok(t(request.lang, 'ok'), { user: publicUser(user!) });
  });

  app.post('/user/profile/update', {
    onRequest: app.authenticate, schema: {
      tags, security: bearer, body: ProfileUpdateBody, response: responses(Type.Object({ user: User })),
      description: describe('Changes the names, phone and birth date; the email stays.', [[422, 'phone_taken', 'phone'], ...BIRTH_DATE]),
    },
  }, async (request) => {
    const user = await app.accounts.updateProfile(request.user!.id, request.body, today());
    return ok(t(request.lang, 'profile_updated'), { user: publicUser(user) });
  });

  app.post('/user/change-password', {
    onRequest: app.authenticate,
    config: { rateLimit: { max: s.authRateLimitMax, timeWindow: s.authRateLimitWindowMs } },
    schema: {
      tags, security: bearer, body: ChangePasswordBody, response: { 200: MessageOnly, ...ERROR_RESPONSES },
      description: describe('Changes the password and signs out every other session. Limited per address (429).', [
        [422, 'current_password_wrong'], [422, 'current_password_wrong', 'current_password'], [422, 'password_mismatch', 'password_confirmation'],
      ]),
    },
  }, async (request) => {
    const { current_password, password, password_confirmation } = request.body;
    checkNewPassword(password, password_confirmation);
    const user = await app.accounts.findUser(request.user!.id);
    if (!user || !(await verifyPassword(current_password, user.password_hash))) {
      request.log.info({ event: 'password_change_refused', reason: 'bad current password', userId: request.user!.id, ip: request.ip }, 'password change refused');
      throw new AppError(422, 'current_password_wrong', undefined, { current_password: [{ key: 'current_password_wrong' }] });
    }
    await app.accounts.setPassword(user.id, password);
    await app.tokens.revokeOthers(user.id, request.user!.tokenId);
    return ok(t(request.lang, 'password_changed'), null);
  });

  // A reset link by mail. The request only queues it: the sender looks the
  // account up (docs/mail.md), so a known and an unknown login get the same
  // answer after the same work. Limited per address like every sign-in form.
  app.post('/user/password/forgot', {
    config: { rateLimit: { max: s.authRateLimitMax, timeWindow: s.authRateLimitWindowMs } },
    schema: {
      tags, body: ForgotPasswordBody, response: { 200: MessageOnly, ...ERROR_RESPONSES },
      description: describe('Sends a password reset link to the e-mail of the account this email or phone names, if there is one; the answer is the same either way. Limited per address (429).', []),
    },
  }, async (request) => {
    await app.passwordResets.request(request.body.login, request.lang);
    return ok(t(request.lang, 'password_reset_requested', { minutes: RESET_LINK_MINUTES }), null);
  });

  app.post('/user/password/reset', {
    config: { rateLimit: { max: s.authRateLimitMax, timeWindow: s.authRateLimitWindowMs } },
    schema: {
      tags, body: ResetPasswordBody, response: { 200: MessageOnly, ...ERROR_RESPONSES },
      description: describe('Sets a new password with a reset link\'s token (single use, 30 minutes) and signs out every session of the account. Limited per address (429).', [
        [422, 'reset_link_invalid'], [422, 'reset_link_invalid', 'token'], [422, 'password_mismatch', 'password_confirmation'],
      ]),
    },
  }, async (request) => {
    const { token, password, password_confirmation } = request.body;
    checkNewPassword(password, password_confirmation);
    const userId = await app.passwordResets.reset(token, password);
    if (userId === null) {
      request.log.info({ event: 'password_reset_refused', ip: request.ip }, 'password reset refused: link expired, used or unknown');
      throw new AppError(422, 'reset_link_invalid', undefined, { token: [{ key: 'reset_link_invalid' }] });
    }
    request.log.info({ event: 'password_reset', userId, ip: request.ip }, 'password reset');
    return ok(t(request.lang, 'password_reset_done'), null);
  });

  app.post('/user/add/address', {
    onRequest: app.authenticate, schema: { tags, security: bearer, body: AddressBody, response: responses(Address) },
  }, async (request) => ok(t(request.lang, 'address_added'), await app.accounts.addAddress(request.user!.id, request.body, request.lang)));

  app.get('/user/show/address', {
    onRequest: app.authenticate, schema: { tags, security: bearer, response: responses(Type.Object({ address: Type.Array(Address) })) },
  }, async (request) => ok(t(request.lang, 'ok'), { address: await app.accounts.addresses(request.user!.id, request.lang) }));

  app.delete('/user/address/:id', {
    onRequest: app.authenticate, schema: { tags, security: bearer, description: describe('Deletes one of the account\'s addresses.', [[404, 'address_not_found']]), params: IdParams, response: { 200: MessageOnly, ...ERROR_RESPONSES } },
  }, async (request) => {
    await app.accounts.deleteAddress(request.user!.id, request.params.id);
    return ok(t(request.lang, 'address_deleted'), null);
  });
};

export default routes;
