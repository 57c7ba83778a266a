import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { usePageTitle } from '@/lib/page-title';
import { withMui } from '@/lib/mui/scope';

/** /forgot-password (visitors): a reset link by mail, asked for by email or phone. */
function ForgotPassword() {
  const { t } = useLingui();
  usePageTitle(t`Forgot your password?`);
  const location = useLocation();
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>{t`Forgot your password?`}</Typography>
      <Typography sx={{ maxWidth: 520 }}>
        {t`Type the email or the phone number of your account. We will send a link to choose a new password to the account's email.`}
      </Typography>
      <Box sx={{ width: '100%', maxWidth: 420 }}>
        <ForgotPasswordForm />
      </Box>
      <Link component={RouterLink} to="/sign-in" state={location.state}>{t`Back to sign in`}</Link>
    </Box>
  );
}

export default withMui(ForgotPassword);
