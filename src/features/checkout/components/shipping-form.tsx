import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { CartData } from '@/lib/contract';
import { readCheckoutSession, updateCheckoutSession } from '@/lib/checkout-session';
import { formatDay, formatLongDay } from '@/lib/dates';
import { useLanguage } from '@/lib/language';
import { listOf } from '@/lib/list-format';
import { formatMoney, formatNumber } from '@/lib/money';
import { findGovernorate } from '@contract/governorates';
import { toLatinDigits } from '@contract/rules';
import { deliveryDayProblem, weekdayOf, type DeliveryDayProblem } from '../utils/delivery-day';
import { useWeekdayNames } from '../utils/weekdays';
import { stepPath } from '../utils/steps';
import { DeliveryDayPicker } from './delivery-day-picker';
import { StepHeading } from './step-heading';

type Shipping = 'free' | 'date';

/**
 * The shipping step (docs/rules.md, "Shipping"): free standard delivery
 * within the shop's days (the cart's `standard_delivery_days`), or delivery
 * on a chosen day for the cart's `shiping` fee, the one to the chosen
 * address's governorate.
 * The day is picked among exactly the cart's `delivery_days`, named in words
 * in the shopper's language (never the browser's date input, which writes a
 * day month first in Western digits); the chosen one is said in full below.
 * A day saved earlier that the shop no longer offers is refused with the
 * reason, and blocks Next. The shop's days off are the cart's
 * `closed_weekdays` (a shop setting), named in the hint and the refusal. Two
 * messages show when no method, or 'date' without a day, is chosen. The day
 * is sent as YYYY-MM-DD.
 */
export function ShippingForm({ cart }: { cart: CartData }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const navigate = useNavigate();
  const headingId = useId();
  const saved = readCheckoutSession();
  const [shipping, setShipping] = useState<Shipping | ''>(saved.userShipping ?? '');
  const [date, setDate] = useState(saved.userDate ?? '');
  const [methodError, setMethodError] = useState<string | null>(null);
  const [dateMissing, setDateMissing] = useState(false);
  const firstRadio = useRef<HTMLInputElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);

  const days = cart.delivery_days;
  const first = days[0] ?? '';
  const last = days[days.length - 1] ?? '';
  const firstDay = first && formatDay(first, lang);
  const lastDay = last && formatDay(last, lang);
  const estimated = formatDay(cart.summary.Estimated_Delivery_by, lang);
  const fee = formatMoney(cart.shiping, lang);
  // The fee is the chosen address's governorate's (the server's `shipping_governorate`).
  const governorate = cart.shipping_governorate ? findGovernorate(cart.shipping_governorate)?.[lang] : undefined;
  const within = formatNumber(cart.standard_delivery_days, lang);
  const weekdays = useWeekdayNames();
  const closedNames = cart.closed_weekdays.flatMap((d) => weekdays[d] ?? []);
  const closedDays = closedNames.length > 0 ? listOf(closedNames, lang) : '';
  const chosenWeekday = weekdayOf(date);
  const closedDay = chosenWeekday === null ? '' : weekdays[chosenWeekday];

  const problemText: Record<DeliveryDayProblem, string> = {
    invalid: t`Please enter a valid date.`,
    closed_weekday: t`We don't deliver on ${closedDay}. Please choose another day.`,
    too_soon: t`The earliest day we can deliver is ${firstDay}. Please choose a later day.`,
    too_late: t`The latest day you can book is ${lastDay}. Please choose an earlier day.`,
    closed: t`We don't deliver on this day. Please choose another day.`,
  };
  const problem = shipping === 'date' && date ? deliveryDayProblem(date, days, cart.closed_weekdays) : null;
  const daysHint = closedDays
    ? t`Any day from ${firstDay} to ${lastDay}, except ${closedDays}.`
    : t`Any day from ${firstDay} to ${lastDay}.`;
  const dateError = problem ? problemText[problem] : dateMissing && !date ? t`if you choose Schedule method you must select date` : null;
  const dayHelpId = `${headingId}-day-help`;
  const chosenId = `${headingId}-day-chosen`;
  const chosenInWords = date && !problem ? formatLongDay(toLatinDigits(date.trim()), lang) : '';

  function next(event: FormEvent) {
    event.preventDefault();
    if (!shipping) {
      setMethodError(t`Please select shipping method`);
      firstRadio.current?.focus();
      return;
    }
    if (shipping === 'date' && (!date || problem)) {
      setDateMissing(true);
      dateInput.current?.focus();
      return;
    }
    updateCheckoutSession({ userShipping: shipping, userDate: shipping === 'date' ? toLatinDigits(date.trim()) : null });
    navigate(stepPath('payment'));
  }

  const option = (title: string, detail: string) => (
    <Box component="span" sx={{ display: 'grid', gap: 0.25 }}>
      <Typography component="span" sx={{ fontWeight: 700 }}>{title}</Typography>
      <Typography component="span" variant="body2" color="text.secondary">{detail}</Typography>
    </Box>
  );
  const card = (value: Shipping) => ({
    m: 0, p: 1.5, paddingInlineEnd: 2, alignItems: 'flex-start', border: 1, borderRadius: 2,
    borderColor: shipping === value ? 'primary.main' : 'divider',
    bgcolor: shipping === value ? 'rgba(91, 58, 30, 0.04)' : 'background.paper',
  });

  return (
    <Box component="form" noValidate onSubmit={next} sx={{ display: 'grid', gap: 2.5, maxWidth: 640 }}>
      <StepHeading id={headingId}>{t`Shipping method`}</StepHeading>
      <Box>
        <RadioGroup
          aria-labelledby={headingId}
          aria-describedby={methodError ? `${headingId}-error` : undefined}
          value={shipping}
          onChange={(_event, v) => {
            setShipping(v as Shipping);
            setMethodError(null);
          }}
          sx={{ display: 'grid', gap: 1.5 }}
        >
          <FormControlLabel
            value="free"
            control={<Radio slotProps={{ input: { ref: firstRadio } }} sx={{ alignSelf: 'start' }} />}
            label={option(t`Free delivery`, plural(cart.standard_delivery_days, {
              one: `Standard delivery within ${within} day. Estimated by ${estimated}.`,
              other: `Standard delivery within ${within} days. Estimated by ${estimated}.`,
            }))}
            sx={card('free')}
          />
          <FormControlLabel
            value="date"
            control={<Radio sx={{ alignSelf: 'start' }} />}
            label={option(t`Scheduled delivery`, cart.shiping === 0 ? t`On a day you choose, at no charge.`
              : governorate ? t`On a day you choose, for ${fee} to ${governorate}.` : t`On a day you choose, for ${fee}.`)}
            sx={card('date')}
          />
        </RadioGroup>
        {methodError && <FormHelperText id={`${headingId}-error`} error role="alert" sx={{ mx: 0, mt: 1, fontSize: '0.9rem' }}>{methodError}</FormHelperText>}
      </Box>
      {shipping === 'date' && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <DeliveryDayPicker
            days={days}
            value={date}
            onChange={(day) => {
              setDate(day);
              setDateMissing(false);
            }}
            label={t`Delivery date`}
            describedBy={chosenInWords ? `${dayHelpId} ${chosenId}` : dayHelpId}
            invalid={Boolean(dateError)}
            lang={lang}
            focusRef={dateInput}
          />
          <FormHelperText id={dayHelpId} error={Boolean(dateError)} role={dateError ? 'alert' : undefined} sx={{ mx: 0, fontSize: dateError ? '0.9rem' : undefined }}>
            {dateError ?? (first ? daysHint : '')}
          </FormHelperText>
          <Typography id={chosenId} aria-live="polite" sx={{ fontWeight: 700, minHeight: '1.5em' }}>
            {chosenInWords && t`Delivery on ${chosenInWords}`}
          </Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => navigate(stepPath('address'))}>{t`Back`}</Button>
        <Button type="submit" variant="contained">{t`Next`}</Button>
      </Box>
    </Box>
  );
}
