import { useId } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import { notify } from '@/lib/notify';
import { PhoneField } from '@/components/phone-field';
import { bind, fieldProps, showServerErrors } from '@/lib/form';
import { useLanguage } from '@/lib/language';
import { GOVERNORATES } from '@contract/governorates';
import { normalizePhone } from '@contract/rules';
import { useAddAddress } from '../api/add-address';
import type { Address } from '../api/get-addresses';

interface AddressValues {
  title: string;
  address: string;
  phone: string;
  city: string;
  government: string;
}

const FIELDS = ['title', 'address', 'phone', 'city', 'government'] as const;
const EMPTY: AddressValues = { title: '', address: '', phone: '', city: '', government: '' };

interface Props {
  open: boolean;
  onClose(): void;
  /** the server's new address, after its message has been shown */
  onAdded(address: Address): void;
}

/**
 * The add-address modal: title, address, phone, city and governorate, all
 * required; the phone is 11 digits (0 and 10 more). The governorate is one of
 * Egypt's 27, named in the active language and sent as its code. The form lives
 * outside the dialog's content, so closing it or a failed request never loses
 * what was typed; only a success clears it.
 */
export function AddAddressDialog({ open, onClose, onAdded }: Props) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const add = useAddAddress();
  const titleId = useId();
  const { register, handleSubmit, setError, reset, formState: { errors, isSubmitting } } = useForm<AddressValues>({ defaultValues: EMPTY });
  const required = t`Required`;
  const filled = (v: string) => (v.trim() ? true : required);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await add.mutateAsync({
        title: values.title.trim(),
        address: values.address.trim(),
        phone: normalizePhone(values.phone) ?? values.phone.trim(),
        city: values.city.trim(),
        government: values.government,
      });
      notify(answer.message, { variant: 'success' });
      reset(EMPTY);
      onAdded(answer.data);
    } catch (error) {
      showServerErrors(error, setError, FIELDS);
    }
  });

  const shown = fieldProps(errors, titleId);

  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t`Add new address`}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {errors.root?.server && <Alert severity="error" role="alert">{errors.root.server.message}</Alert>}
          <TextField
            label={t`Title`}
            placeholder={t`Home, Work…`}
            required
            autoFocus
            {...bind(register('title', { validate: filled }))}
            {...shown('title')}
            sx={{ mt: 1 }}
          />
          <TextField
            label={t`Address`}
            autoComplete="street-address"
            required
            multiline
            minRows={2}
            {...bind(register('address', { validate: filled }))}
            {...shown('address')}
          />
          <PhoneField register={register} errors={errors} idPrefix={titleId} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={t`City`}
              autoComplete="address-level2"
              required
              {...bind(register('city', { validate: filled }))}
              {...shown('city')}
            />
            <TextField
              select
              label={t`Governorate`}
              required
              {...bind(register('government', { validate: filled }))}
              {...shown('government', { select: { native: true }, inputLabel: { shrink: true } })}
            >
              <option value="">{t`Choose a governorate`}</option>
              {GOVERNORATES.map((g) => <option key={g.code} value={g.code}>{g[lang]}</option>)}
            </TextField>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isSubmitting}>{t`Cancel`}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>{t`Save address`}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
