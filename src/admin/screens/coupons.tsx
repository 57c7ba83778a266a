// The owner's coupons: each with its discount, its limits, how often it was used and whether a
// shopper can use it today; made and changed in a form (a full-screen dialog on a phone) that
// checks what it can before sending, and shows the server's refusals on their fields.
import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { couponRuleProblems, type CouponRuleProblem } from '@contract/coupon-rules';
import { normalizeCouponCode } from '@contract/rules';
import { formatDay } from '@/lib/dates';
import { bind, fieldProps, showServerErrors } from '@/lib/form';
import { formatMoney, formatNumber, formatPercent } from '@/lib/money';
import { usePageTitle } from '@/lib/page-title';
import { Loaded, Outcome, useAdmin, type Said } from '../common';
import { couponStandingLabel } from '../labels';
import { couponsQuery, type CouponInput, type CouponRow } from '../shop-data-api';
import { useAdminWrite } from '../api';
import { ScreenHead, fieldNumber, readAmount } from './shop-data-parts';

interface CouponForm {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  min_order: string;
  max_uses: string;
  once_per_customer: boolean;
  starts_at: string;
  ends_at: string;
  active: boolean;
}

const FIELDS = ['code', 'kind', 'value', 'min_order', 'max_uses', 'once_per_customer', 'starts_at', 'ends_at', 'active'] as const;

const empty = (lang: 'en' | 'ar'): CouponForm => ({
  code: '', kind: 'percent', value: '', min_order: fieldNumber(0, lang), max_uses: '', once_per_customer: false, starts_at: '', ends_at: '', active: true,
});

const formOf = (c: CouponRow, lang: 'en' | 'ar'): CouponForm => ({
  code: c.code, kind: c.kind, value: fieldNumber(c.value, lang), min_order: fieldNumber(c.min_order, lang),
  max_uses: c.max_uses === null ? '' : fieldNumber(c.max_uses, lang),
  once_per_customer: c.once_per_customer, starts_at: c.starts_at ?? '', ends_at: c.ends_at ?? '', active: c.active,
});

/** What a coupon takes off: "10%" or "EGP 100.00", in the page's digits. */
export function discountText(c: Pick<CouponRow, 'kind' | 'value'>, lang: 'en' | 'ar') {
  return c.kind === 'percent' ? formatPercent(c.value, lang) : formatMoney(c.value, lang);
}

function CouponCard({ coupon, onEdit }: { coupon: CouponRow; onEdit: () => void }) {
  const { t } = useLingui();
  const { lang } = useAdmin();
  const uses = formatNumber(coupon.uses, lang);
  return (
    <Card component="li" variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.75 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6" sx={{ fontFamily: 'monospace', fontSize: '1.1rem' }}><bdi dir="ltr">{coupon.code}</bdi></Typography>
        <Chip size="small" label={couponStandingLabel(coupon.standing)} color={coupon.active_now ? 'success' : 'default'} variant={coupon.active_now ? 'filled' : 'outlined'} />
      </Box>
      <Typography><strong>{t`${discountText(coupon, lang)} off`}</strong></Typography>
      {/* One fact a line: a "·" between them reads as an Arabic zero (٠). */}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.25, color: 'text.secondary', typography: 'body2' }}>
        {coupon.min_order > 0 && <li>{t`Orders from ${formatMoney(coupon.min_order, lang)}`}</li>}
        <li>
          {coupon.max_uses === null
            ? plural(coupon.uses, { one: `Used ${uses} time, no limit`, other: `Used ${uses} times, no limit` })
            : t`Used ${uses} of ${formatNumber(coupon.max_uses, lang)} times`}
        </li>
        {coupon.once_per_customer && <li>{t`Once per customer`}</li>}
        {coupon.starts_at && <li>{t`From ${formatDay(coupon.starts_at, lang)}`}</li>}
        {coupon.ends_at && <li>{t`Until ${formatDay(coupon.ends_at, lang)}`}</li>}
      </Box>
      <Box>
        <Button variant="outlined" onClick={onEdit} sx={{ minHeight: 44 }} aria-label={t`Edit coupon ${coupon.code}`}>{t`Edit`}</Button>
      </Box>
    </Card>
  );
}

function CouponDialog({ coupon, onClose, onSaved }: { coupon: CouponRow | null; onClose: () => void; onSaved: (said: Said) => void }) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const phone = useMediaQuery('(max-width:599.95px)');
  const save = useAdminWrite<CouponInput, { coupon: CouponRow }>(token, lang, (body) => (
    coupon ? { method: 'PUT', path: `/admin/coupons/${coupon.id}`, body } : { method: 'POST', path: '/admin/coupons', body }
  ));
  const { register, control, handleSubmit, setError, getValues, formState: { errors, isSubmitting } } = useForm<CouponForm>({
    defaultValues: coupon ? formOf(coupon, lang) : empty(lang),
  });
  const shown = fieldProps(errors, 'coupon');
  const required = t`Required`;
  const notANumber = t`Enter a number.`;
  const problemText = (problem: CouponRuleProblem | undefined) => {
    switch (problem) {
      case undefined: return true;
      case 'coupon_code_chars': return t`Use 3 to 32 letters (A–Z) and digits, without spaces.`;
      case 'coupon_percent_range': return t`A percentage is a whole number from 1 to 100.`;
      case 'coupon_fixed_positive': return t`The amount must be more than 0.`;
      case 'money_piastres': return t`Use at most two decimals (piastres).`;
      case 'coupon_ends_before_start': return t`The last day cannot be before the first day.`;
    }
  };
  /** The rules the server keeps, run on what is typed now (the server still decides). */
  const problems = () => {
    const v = getValues();
    return couponRuleProblems({
      code: normalizeCouponCode(v.code), kind: v.kind, value: readAmount(v.value) ?? NaN, min_order: readAmount(v.min_order) ?? 0,
      starts_at: v.starts_at || null, ends_at: v.ends_at || null,
    });
  };
  const amount = (text: string) => (text.trim() === '' ? required : readAmount(text) === null ? notANumber : true);

  const onSubmit = handleSubmit(async (v) => {
    const maxUses = readAmount(v.max_uses);
    try {
      const answer = await save.mutateAsync({
        code: v.code.trim(), kind: v.kind, value: readAmount(v.value)!, min_order: readAmount(v.min_order) ?? 0,
        max_uses: maxUses, once_per_customer: v.once_per_customer,
        starts_at: v.starts_at || null, ends_at: v.ends_at || null, active: v.active,
      });
      onSaved({ ok: true, text: answer.message });
    } catch (error) {
      showServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby="coupon-dialog-title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="coupon-dialog-title">{coupon ? t`Edit coupon ${coupon.code}` : t`New coupon`}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {errors.root?.server && <Typography role="alert" color="error">{errors.root.server.message}</Typography>}
          <TextField
            label={t`Code`} required autoFocus autoComplete="off"
            {...bind(register('code', { validate: (v) => (v.trim() === '' ? required : problemText(problems().code)) }))}
            {...shown('code', { htmlInput: { dir: 'ltr', maxLength: 32, autoCapitalize: 'characters', spellCheck: false } })}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Controller
              name="kind" control={control}
              render={({ field }) => (
                <TextField select label={t`Discount type`} {...field} {...shown('kind')}>
                  <MenuItem value="percent">{t`Percentage of the subtotal`}</MenuItem>
                  <MenuItem value="fixed">{t`Fixed amount (EGP)`}</MenuItem>
                </TextField>
              )}
            />
            <TextField
              label={t`Discount`} required
              {...bind(register('value', { validate: (v) => { const a = amount(v); return a === true ? problemText(problems().value) : a; } }))}
              {...shown('value', { htmlInput: { inputMode: 'decimal' } })}
            />
            <TextField
              label={t`Minimum order (EGP)`}
              {...bind(register('min_order', { validate: (v) => (v.trim() !== '' && readAmount(v) === null ? notANumber : problemText(problems().min_order)) }))}
              {...shown('min_order', { htmlInput: { inputMode: 'decimal' } })}
            />
            <TextField
              label={t`Uses allowed in all`}
              {...bind(register('max_uses', {
                validate: (v) => {
                  if (v.trim() === '') return true;
                  const n = readAmount(v);
                  return n !== null && Number.isInteger(n) && n >= 1 ? true : t`A whole number from 1, or empty for no limit.`;
                },
              }))}
              {...shown('max_uses', { htmlInput: { inputMode: 'numeric' } })}
              helperText={errors.max_uses?.message ?? t`Empty: no limit.`}
            />
            <TextField
              type="date" label={t`First day`}
              {...bind(register('starts_at'))}
              {...shown('starts_at', { inputLabel: { shrink: true } })}
              helperText={errors.starts_at?.message ?? t`Empty: from today.`}
            />
            <TextField
              type="date" label={t`Last day`}
              {...bind(register('ends_at', { validate: () => problemText(problems().ends_at) }))}
              {...shown('ends_at', { inputLabel: { shrink: true } })}
              helperText={errors.ends_at?.message ?? t`Empty: no end. The last day is valid all day.`}
            />
          </Box>
          <Controller
            name="once_per_customer" control={control}
            render={({ field: { value, onChange } }) => (
              <FormControlLabel control={<Switch checked={value} onChange={(_e, on) => onChange(on)} />} label={t`Once per customer`} sx={{ minHeight: 44 }} />
            )}
          />
          <Controller
            name="active" control={control}
            render={({ field: { value, onChange } }) => (
              <FormControlLabel control={<Switch checked={value} onChange={(_e, on) => onChange(on)} />} label={t`Active: customers can use it`} sx={{ minHeight: 44 }} />
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} sx={{ minHeight: 44 }}>{t`Cancel`}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting} sx={{ minHeight: 44 }}>{coupon ? t`Save the coupon` : t`Create the coupon`}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function CouponsScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  usePageTitle(t`Coupons`);
  const query = useQuery(couponsQuery(token, lang));
  const [editing, setEditing] = useState<CouponRow | 'new' | null>(null);
  const [said, setSaid] = useState<Said>(null);
  return (
    <>
      <ScreenHead title={t`Coupons`} action={t`New coupon`} onAction={() => { setSaid(null); setEditing('new'); }} />
      <Outcome said={said} onClose={() => setSaid(null)} sx={{ mb: 2 }} />
      <Loaded query={query}>
        {(coupons) => (coupons.length === 0 ? <Typography>{t`No coupons yet.`}</Typography> : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { md: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
            {coupons.map((coupon) => <CouponCard key={coupon.id} coupon={coupon} onEdit={() => { setSaid(null); setEditing(coupon); }} />)}
          </Box>
        ))}
      </Loaded>
      {editing && (
        <CouponDialog
          coupon={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(outcome) => { setEditing(null); setSaid(outcome); }}
        />
      )}
    </>
  );
}
