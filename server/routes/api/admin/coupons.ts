// The owner's coupons: listed with their uses and whether a shopper can use them today, made and
// changed. What a coupon does in the cart and at checkout is docs/rules.md, "Coupons": every field
// here is honoured there, the guarded write at checkout included.
import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../contract/common.ts';
import { AdminCoupon, CouponBody } from '../../../contract/admin-coupons.ts';
import { couponRuleProblems } from '../../../contract/coupon-rules.ts';
import { normalizeCouponCode, toLatinDigits } from '../../../contract/rules.ts';
import { isIsoDay } from '../../../domain/calendar.ts';
import { fromEgp } from '../../../domain/money.ts';
import { FieldErrors } from '../../../errors.ts';
import { t } from '../../../i18n/messages.ts';
import { ok, responses, type Refusal } from '../helpers.ts';
import { adminRoute } from './common.ts';

/** The body checked by the rules the schema cannot say, and put in the database's units; a 422 naming each field otherwise. */
function couponInput(body: Static<typeof CouponBody>) {
  const code = normalizeCouponCode(body.code);
  const errors = new FieldErrors();
  const day = (field: 'starts_at' | 'ends_at') => {
    const value = body[field];
    if (value === null) return null;
    const latin = toLatinDigits(value);
    if (isIsoDay(latin)) return latin;
    errors.add(field, 'date_invalid');
    return null;
  };
  const starts = day('starts_at');
  const ends = day('ends_at');
  for (const [field, key] of Object.entries(couponRuleProblems({ ...body, code, starts_at: starts, ends_at: ends }))) errors.add(field, key);
  errors.throwIfAny();
  return {
    code,
    kind: body.kind,
    value: body.kind === 'percent' ? body.value : fromEgp(body.value),
    min_subtotal: fromEgp(body.min_order),
    max_uses: body.max_uses,
    per_user_limit: body.once_per_customer ? 1 as const : null,
    starts_on: starts,
    expires_on: ends,
    active: body.active ? 1 as const : 0 as const,
  };
}

const RULES: Refusal[] = [
  [422, 'coupon_code_taken', 'code'], [422, 'coupon_code_chars', 'code'], [422, 'coupon_percent_range', 'value'], [422, 'coupon_fixed_positive', 'value'],
  [422, 'money_piastres', 'value'], [422, 'money_piastres', 'min_order'], [422, 'date_invalid', 'starts_at'], [422, 'date_invalid', 'ends_at'],
  [422, 'coupon_ends_before_start', 'ends_at'],
];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { owner, schema } = adminRoute(app);
  const answer = (status = 200) => responses(Type.Object({ coupon: AdminCoupon }), { status });

  app.get('/admin/coupons', {
    ...owner, schema: { ...schema('Owner: every coupon, newest first, with its uses and whether a shopper can use it today.'), response: responses(Type.Object({ coupons: Type.Array(AdminCoupon) })) },
  }, async (request) => ok(t(request.lang, 'ok'), { coupons: await app.couponsAdmin.list() }));

  app.post('/admin/coupons', {
    ...owner, schema: { ...schema('Owner: makes a coupon; shoppers can use it at once if it is active and started.', RULES), body: CouponBody, response: answer(201) },
  }, async (request, reply) => {
    const coupon = await app.couponsAdmin.create(couponInput(request.body), request.user!.id);
    reply.code(201);
    return ok(t(request.lang, 'coupon_created', { code: coupon.code }), { coupon }, 201);
  });

  app.put('/admin/coupons/:id', {
    ...owner, schema: {
      ...schema('Owner: changes a coupon; its uses so far stay. Carts holding it follow the new rules at once, checkout included.', [[404, 'coupon_not_found_admin'], ...RULES]),
      params: IdParams, body: CouponBody, response: answer(),
    },
  }, async (request) => {
    const coupon = await app.couponsAdmin.update(request.params.id, couponInput(request.body), request.user!.id);
    return ok(t(request.lang, 'coupon_saved', { code: coupon.code }), { coupon });
  });
};

export default routes;
