// The owner's settings: shipping (the default fee, free delivery's threshold, a fee per
// governorate), delivery days, points and payment. Numbers in either digits; only what changed is
// sent; the server's field errors show next to their fields.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GOVERNORATES } from '@contract/governorates';
import { ApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/money';
import { usePageTitle } from '@/lib/page-title';
import { Loaded, Title, useAdmin } from '../common';
import { settingsQuery, useSaveSettings, type SettingsData } from '../settings-api';
import { changes, formOf, readNumber, WEEK, type Form, type TextFields } from '../settings-form';
import { weekdayName } from '../labels';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2 }}>
      <Typography component="h2" variant="h6" id={id}>{title}</Typography>
      {children}
    </Card>
  );
}

function SettingsForm({ saved }: { saved: SettingsData }) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const save = useSaveSettings(token, lang);
  const [form, setForm] = useState<Form>(() => formOf(saved, lang));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = useId();
  const idOf = (field: string) => `${idPrefix}-${field.replace(/\W/g, '-')}`;

  /** Puts the focus on the first field with a problem, in the form's order, so that its message is read with it. */
  const focusFirst = (problems: Record<string, string>) => {
    requestAnimationFrame(() => {
      const inputs = [...(formRef.current?.querySelectorAll<HTMLInputElement>('input[aria-invalid="true"]') ?? [])];
      (inputs[0] ?? formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf(Object.keys(problems)[0] ?? ''))}`))?.focus();
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaid(null);
    const { change, problems } = changes(form, saved, lang);
    setErrors(problems);
    if (Object.keys(problems).length) {
      setSaid({ ok: false, text: t`Please check the highlighted fields.` });
      focusFirst(problems);
      return;
    }
    if (Object.keys(change).length === 0) {
      setSaid({ ok: true, text: t`Nothing to save: the settings are as they were.` });
      return;
    }
    save.mutateAsync(change).then(
      ({ message, data }) => {
        setForm(formOf(data.settings, lang));
        setSaid({ ok: true, text: message });
      },
      (error: Error) => {
        const fields = error instanceof ApiError ? Object.fromEntries(Object.entries(error.fields).map(([field, list]) => [field, list.join(' ')])) : {};
        setErrors(fields);
        setSaid({ ok: false, text: error.message });
        focusFirst(fields);
      },
    );
  };

  const setField = (field: keyof TextFields) => (value: string) => setForm((f) => ({ ...f, fields: { ...f.fields, [field]: value } }));
  const egp = <InputAdornment position="end">{t`EGP`}</InputAdornment>;

  const field = (name: keyof TextFields, label: string, options: { unit?: ReactNode; hint?: string; mode?: 'decimal' | 'numeric' | 'tel' } = {}) => (
    <TextField
      id={idOf(name)} name={name} label={label} fullWidth value={form.fields[name]} onChange={(e) => setField(name)(e.target.value)}
      error={!!errors[name]} helperText={errors[name] ?? options.hint ?? ' '}
      slotProps={{
        htmlInput: { inputMode: options.mode ?? 'numeric', dir: 'ltr', style: { textAlign: lang === 'ar' ? 'right' : 'left' } },
        input: options.unit ? { endAdornment: options.unit } : undefined,
        formHelperText: { role: errors[name] ? 'alert' : undefined },
      }}
    />
  );

  // The placeholder of a governorate without its own fee: the default fee as the form holds it now.
  const defaultFee = readNumber(form.fields.shipping_fee);
  const placeholder = defaultFee === null ? '' : formatNumber(defaultFee, lang);
  const feesHint = useId();

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
      <Section title={t`Shipping`}>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {field('shipping_fee', t`Scheduled delivery fee`, { unit: egp, mode: 'decimal', hint: t`For every governorate without its own fee.` })}
          {field('free_shipping_threshold', t`Free delivery from`, { unit: egp, mode: 'decimal', hint: t`Orders at or above this (after the coupon) pay no fee.` })}
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={feesHint}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700 }}>{t`Fee per governorate`}</Typography>
          <Typography id={feesHint} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t`Leave a governorate blank to charge the default fee (${placeholder}).`}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', columnGap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
            {GOVERNORATES.map((g) => {
              const key = `governorate_fees.${g.code}`;
              const id = idOf(key);
              return (
                <Box component="li" key={g.code} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 8.5rem', alignItems: 'center', gap: 1, py: 0.25, borderBottom: 1, borderColor: 'divider' }}>
                  <Box component="label" htmlFor={id} sx={{ overflowWrap: 'anywhere' }}>{g[lang]}</Box>
                  <TextField
                    id={id} size="small" value={form.fees[g.code]} placeholder={placeholder}
                    onChange={(e) => setForm((f) => ({ ...f, fees: { ...f.fees, [g.code]: e.target.value } }))}
                    error={!!errors[key]}
                    slotProps={{
                      htmlInput: { inputMode: 'decimal', dir: 'ltr', 'aria-describedby': errors[key] ? `${id}-error` : undefined, style: { textAlign: lang === 'ar' ? 'right' : 'left' } },
                      input: { endAdornment: egp, sx: { minHeight: 44 } },
                    }}
                  />
                  {errors[key] && <FormHelperText id={`${id}-error`} error role="alert" sx={{ gridColumn: '1 / -1', m: 0 }}>{errors[key]}</FormHelperText>}
                </Box>
              );
            })}
          </Box>
        </Box>
      </Section>

      <Section title={t`Delivery days`}>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          {field('standard_delivery_days', t`Free delivery arrives within (days)`)}
          {field('scheduled_min_days', t`Earliest scheduled day (days from today)`)}
          {field('scheduled_max_days', t`Latest scheduled day (days from today)`)}
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700 }}>{t`No scheduled delivery on`}</Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)', md: 'repeat(7, auto)' }, justifyContent: 'start' }}>
            {WEEK.map((day) => (
              <FormControlLabel
                key={day}
                sx={{ minHeight: 44, m: 0 }}
                control={(
                  <Checkbox
                    checked={form.closed.includes(day)}
                    onChange={(e) => setForm((f) => ({ ...f, closed: (e.target.checked ? [...f.closed, day] : f.closed.filter((d) => d !== day)).sort() }))}
                    slotProps={{ input: { 'aria-invalid': errors.closed_weekdays ? true : undefined } }}
                  />
                )}
                label={weekdayName(day, lang)}
              />
            ))}
          </Box>
          {errors.closed_weekdays && <FormHelperText error role="alert">{errors.closed_weekdays}</FormHelperText>}
        </Box>
      </Section>

      <Section title={t`Points`}>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          {field('point_value', t`One point is worth`, { unit: egp, mode: 'decimal', hint: t`0.05: 1,000 points are worth 50.` })}
          {field('min_points_to_use', t`Smallest balance to spend`)}
          {field('points_per_egp', t`Points earned per EGP`)}
        </Box>
      </Section>

      <Section title={t`Payment`}>
        <Box sx={{ maxWidth: 420 }}>
          {field('wallet_phone', t`Vodafone Cash wallet number`, { mode: 'tel', hint: t`Shown to shoppers who pay by Vodafone Cash.` })}
        </Box>
      </Section>

      {/* Save stays in reach of the thumb below the 27 governorates. */}
      <Box className="admin-save-bar" sx={{ position: 'sticky', bottom: 0, py: 1.5, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 1, zIndex: 1 }}>
        {said && <Alert severity={said.ok ? 'success' : 'error'} role={said.ok ? 'status' : 'alert'}>{said.text}</Alert>}
        <Button type="submit" variant="contained" size="large" loading={save.isPending} sx={{ minHeight: 48, width: { xs: '100%', sm: 'auto' }, justifySelf: 'start' }}>
          <Trans>Save settings</Trans>
        </Button>
      </Box>
    </Box>
  );
}

export function SettingsScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  usePageTitle(t`Settings`);
  const query = useQuery(settingsQuery(token, lang));
  return (
    <>
      <Title>{t`Settings`}</Title>
      {/* Keyed by language: the form's numbers are written in the page's digits. */}
      <Loaded query={query}>{(saved) => <SettingsForm key={lang} saved={saved} />}</Loaded>
    </>
  );
}
