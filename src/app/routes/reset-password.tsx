import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session';
import { withMui } from '@/lib/mui/scope';

/**
 * /reset-password?token=… (the mailed link): a new password. Every session of
 * the account ends with it, this device's too, so the shopper signs in anew.
 */
function ResetPassword() {
  const { t } = useLingui();
  usePageTitle(t`Choose a new password`);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { setToken } = useSession();
  const token = params.get('token') ?? '';
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>{t`Choose a new password`}</Typography>
      <Box sx={{ width: '100%', maxWidth: 420 }}>
        {token ? (
          <ResetPasswordForm token={token} onDone={() => { setToken(null); navigate('/sign-in', { replace: true }); }} />
        ) : (
          <Alert severity="error" role="alert">
            {t`This link is not complete. Open the link from the mail again, or ask for a new one.`}{' '}
            <Link component={RouterLink} to="/forgot-password">{t`Ask for a new link`}</Link>
          </Alert>
        )}
      </Box>
    </Box>
  );
}

export default withMui(ResetPassword);
