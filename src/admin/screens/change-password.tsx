// A first sign-in with a one-time password: a new one before anything else (docs/rules.md, "Back office: roles and the audit").
import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '@/lib/api-client';
import { useLanguage } from '@/lib/language';
import { changePassword } from '../api';

export function ChangePassword({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  const [values, setValues] = useState({ current_password: '', password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage('');
    try {
      await changePassword(lang, values);
      onDone();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      setMessage((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof typeof values, label: string, autoComplete: string) => (
    <TextField
      label={label} type="password" name={name} autoComplete={autoComplete} required fullWidth
      value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      error={!!errors[name]} helperText={errors[name]?.join(' ')}
    />
  );
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', p: 2, minHeight: '80vh' }}>
      <Paper component="form" onSubmit={submit} sx={{ p: 3, width: '100%', maxWidth: 420, display: 'grid', gap: 2 }}>
        <Typography component="h1" variant="h5"><Trans>Choose a new password</Trans></Typography>
        <Typography><Trans>Your password was given to you once. Choose your own before going on.</Trans></Typography>
        {field('current_password', t`Current password`, 'current-password')}
        {field('password', t`New password`, 'new-password')}
        {field('password_confirmation', t`New password again`, 'new-password')}
        {message && <Typography role="alert" color="error">{message}</Typography>}
        <Button type="submit" variant="contained" size="large" disabled={busy}><Trans>Save the new password</Trans></Button>
      </Paper>
    </Box>
  );
}
