// The owner's setup of the shop: its rules (fees, delivery days, points, the
// wallet) and who works in the back office. Owner only; every change is
// audited in its own transaction (plugins/app/settings, back-office/staff-repository.ts).
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../contract/common.ts';
import { SettingsBody, ShopSettings, StaffAdded, StaffBody, StaffMember, StaffRoleBody } from '../../../contract/admin-settings.ts';
import { isWholePiastres, normalizeMobile } from '../../../contract/settings-rules.ts';
import { findGovernorate } from '../../../contract/governorates.ts';
import { FieldErrors } from '../../../errors.ts';
import { ROLE_NAMES, t } from '../../../i18n/messages.ts';
import { ok, responses, type Refusal } from '../helpers.ts';
import { adminRoute } from './common.ts';

const MONEY_FIELDS = ['shipping_fee', 'free_shipping_threshold', 'point_value'] as const;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { owner, schema } = adminRoute(app);
  const settingsAnswer = responses(Type.Object({ settings: ShopSettings }));
  const memberAnswer = responses(Type.Object({ member: StaffMember }));

  app.get('/admin/settings', {
    ...owner, schema: { ...schema('Owner: the shop\'s rules as they are now (the settings table over the environment over the defaults), with every governorate\'s fee.'), response: settingsAnswer },
  }, async (request) => ok(t(request.lang, 'ok'), { settings: app.shopSettings.view() }));

  app.put('/admin/settings', {
    ...owner, schema: {
      ...schema('Owner: changes any of the shop\'s rules; those not sent stay. The next request follows them. Audited with the fields that changed.', [
        ...MONEY_FIELDS.map((field): Refusal => [422, 'money_piastres', field]), [422, 'money_piastres', 'governorate_fees.<code>'],
        [422, 'governorate_unknown', 'governorate_fees.<code>'], [422, 'wallet_phone_invalid', 'wallet_phone'],
        [422, 'weekdays_all_closed', 'closed_weekdays'], [422, 'settings_max_before_min', 'scheduled_max_days'],
      ]),
      body: SettingsBody, response: settingsAnswer,
    },
  }, async (request) => {
    const body = { ...request.body };
    const errors = new FieldErrors();
    for (const field of MONEY_FIELDS) {
      const value = body[field];
      if (value !== undefined && !isWholePiastres(value)) errors.add(field, 'money_piastres');
    }
    if (body.governorate_fees) {
      const fees: Record<string, number | null> = {};
      for (const [name, fee] of Object.entries(body.governorate_fees)) {
        const governorate = findGovernorate(name);
        if (!governorate) errors.add(`governorate_fees.${name}`, 'governorate_unknown', { code: name });
        else if (fee !== null && !isWholePiastres(fee)) errors.add(`governorate_fees.${name}`, 'money_piastres');
        else fees[governorate.code] = fee;
      }
      body.governorate_fees = fees;
    }
    if (body.closed_weekdays) {
      body.closed_weekdays = [...new Set(body.closed_weekdays)].sort((a, b) => a - b);
      if (body.closed_weekdays.length === 7) errors.add('closed_weekdays', 'weekdays_all_closed');
    }
    if (body.wallet_phone !== undefined) {
      const phone = normalizeMobile(body.wallet_phone);
      if (!phone) errors.add('wallet_phone', 'wallet_phone_invalid');
      else body.wallet_phone = phone;
    }
    errors.throwIfAny();
    const changed = await app.shopSettings.update(body, request.user!.id);
    return ok(t(request.lang, changed.length ? 'settings_saved' : 'settings_unchanged'), { settings: app.shopSettings.view() });
  });

  app.get('/admin/staff', {
    ...owner, schema: { ...schema('Owner: everyone who can open the back office, owners first.'), response: responses(Type.Object({ staff: Type.Array(StaffMember) })) },
  }, async (request) => ok(t(request.lang, 'ok'), { staff: await app.staff.list() }));

  app.post('/admin/staff', {
    ...owner, schema: {
      ...schema('Owner: gives someone the back office. A new account gets a one-time password, answered only now and to be changed at the first sign-in; a shopper\'s account keeps its own password and gets the role.', [
        [422, 'staff_exists', 'email'],
      ]),
      body: StaffBody, response: responses(StaffAdded, { status: 201 }),
    },
  }, async (request, reply) => {
    const email = request.body.email.trim().toLowerCase();
    const added = await app.staff.add({ email, name: request.body.name, role: request.body.role }, request.user!.id);
    const message = added.was === null
      ? t(request.lang, 'staff_added', { email })
      : t(request.lang, 'staff_promoted', { email, role: ROLE_NAMES[added.member.role] });
    reply.code(201);
    return ok(message, { member: added.member, one_time_password: added.oneTimePassword }, 201);
  });

  app.put('/admin/staff/:id', {
    ...owner, schema: {
      ...schema('Owner: another member\'s role, staff or owner. The shop always keeps an owner; nobody changes their own role.', [
        [404, 'staff_not_found'], [422, 'staff_not_yourself'], [422, 'staff_last_owner'], [422, 'staff_changed_meanwhile'],
      ]),
      params: IdParams, body: StaffRoleBody, response: memberAnswer,
    },
  }, async (request) => {
    const { role } = request.body;
    const { member, changed } = await app.staff.setRole(request.params.id, role, request.user!.id);
    return ok(t(request.lang, changed ? 'staff_role_changed' : 'staff_role_unchanged', { name: member.name, role: ROLE_NAMES[role] }), { member });
  });

  app.post('/admin/staff/:id/remove', {
    ...owner, schema: {
      ...schema('Owner: takes the back office from a member: the account is a shopper\'s again, and every one of its sessions is signed out at once (its next request is 401). Not one\'s own; never the last owner.', [
        [404, 'staff_not_found'], [422, 'staff_not_yourself'], [422, 'staff_last_owner'], [422, 'staff_changed_meanwhile'],
      ]),
      params: IdParams, response: responses(Type.Object({ member: Type.Object({ ...StaffMember.properties, role: Type.Literal('shopper') }) })),
    },
  }, async (request) => {
    const removed = await app.staff.remove(request.params.id, request.user!.id);
    return ok(t(request.lang, 'staff_removed', { name: removed.name }), { member: removed });
  });
};

export default routes;
