import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import type { SignInState } from '@/lib/return-here';
import { usePageTitle } from '@/lib/page-title';
import { withMui } from '@/lib/mui/scope';

/** Where to go after signing in: the page the shopper came from, if it is one of ours. */
export function returnPath(state: unknown): string {
  const from = (state as SignInState | null | undefined)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (/^\/sign-(in|up)(?:[/?#]|$)/.test(from)) return '/';
  return from;
}

/** /sign-in (guest-only): email or phone and password, then back to where the shopper was. */
function SignIn() {
  const { t } = useLingui();
  usePageTitle(t`Sign in`);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>{t`Sign in`}</Typography>
      <Box sx={{ width: '100%', maxWidth: 420 }}>
        <SignInForm onSignedIn={() => navigate(returnPath(location.state), { replace: true })} />
      </Box>
      <Link component={RouterLink} to="/forgot-password" state={location.state}>{t`Forgot your password?`}</Link>
      <Typography>
        {t`New to Attar?`}{' '}
        <Link component={RouterLink} to="/sign-up" state={location.state}>{t`Create an account`}</Link>
      </Typography>
    </Box>
  );
}

export default withMui(SignIn);
