import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import { PhoneField } from '@/components/phone-field';
import { readCheckoutSession, updateCheckoutSession } from '@/lib/checkout-session';
import { bind, fieldProps } from '@/lib/form';
import { normalizePhone, twoNamesProblem } from '@contract/rules';
import { stepPath } from '../utils/steps';

interface InfoValues {
  name: string;
  phone: string;
}

/**
 * 'Your Info': the name to deliver to, at least two words of 3 letters each
 * (Latin or Arabic), and an 11-digit phone. Each field has one message, said
 * when it is empty too: the name errors.names2, the phone its own (names2
 * speaks of names, which tells a shopper nothing about a phone). Pre-filled
 * from the checkout session, so a reload or a step back keeps what was saved;
 * Confirm saves and goes on to the address.
 */
export function InfoForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const saved = readCheckoutSession();
  const { register, handleSubmit, formState: { errors } } = useForm<InfoValues>({
    defaultValues: { name: saved.userName ?? '', phone: saved.userPhone ?? '' },
  });
  const names2 = t`At least 2 names of 3 characters each`;
  const phoneMessage = t`Enter an 11-digit mobile number`;

  const onSubmit = handleSubmit((values) => {
    updateCheckoutSession({
      userName: values.name.trim().replace(/\s+/g, ' '),
      userPhone: normalizePhone(values.phone),
    });
    navigate(stepPath('address'));
  });

  const shown = fieldProps(errors, 'checkout');

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      <TextField
        label={t`Full name`}
        autoComplete="name"
        required
        {...bind(register('name', {
          validate: (v) => (twoNamesProblem(v) ? names2 : true),
        }))}
        {...shown('name')}
      />
      <PhoneField register={register} errors={errors} idPrefix="checkout" message={phoneMessage} />
      <Button type="submit" variant="contained" size="large" sx={{ justifySelf: 'start' }}>{t`Confirm`}</Button>
    </Box>
  );
}
