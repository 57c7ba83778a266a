import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { returnPath } from './sign-in';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { usePageTitle } from '@/lib/page-title';
import { withMui } from '@/lib/mui/scope';

/** /sign-up (guest-only): a new account, then home. */
function SignUp() {
  const { t } = useLingui();
  usePageTitle(t`Create an account`);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>{t`Create an account`}</Typography>
      <Box sx={{ width: '100%', maxWidth: 520 }}>
        <SignUpForm onSignedUp={() => navigate(returnPath(location.state), { replace: true })} />
      </Box>
      <Typography>
        {t`Already have an account?`}{' '}
        <Link component={RouterLink} to="/sign-in" state={location.state}>{t`Sign in`}</Link>
      </Typography>
    </Box>
  );
}

export default withMui(SignUp);
