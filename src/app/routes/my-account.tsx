import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { profileQuery, type Profile } from '@/features/account/api/get-profile';
import { PointsBalance, ProfileDetails } from '@/features/account/components/profile-details';
import { ProfileForm } from '@/features/account/components/profile-form';
import { PasswordForm } from '@/features/account/components/password-form';
import { LoadFailed } from '@/components/load-failed';
import { withMui } from '@/lib/mui/scope';

function Section({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, alignContent: 'start' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700 }}>{title}</Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** The profile, read or edited in place; focus follows the switch so keyboard users are not lost. */
function ProfileSection({ user }: { user: Profile }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const formArea = useRef<HTMLDivElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    if (editing) formArea.current?.querySelector('input')?.focus();
    else editButton.current?.focus();
  }, [editing]);
  const toggle = (next: boolean) => {
    switched.current = true;
    setEditing(next);
  };
  return (
    <Section
      id="profile-title"
      title={t`Profile`}
      action={!editing && <Button ref={editButton} variant="outlined" onClick={() => toggle(true)}>{t`Edit profile`}</Button>}
    >
      {editing
        ? <Box ref={formArea}><ProfileForm user={user} onSaved={() => toggle(false)} onCancel={() => toggle(false)} /></Box>
        : <ProfileDetails user={user} />}
    </Section>
  );
}

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' } as const;

/** /myAccount: the profile (editable but for the email), the points balance, and a password change. */
function MyAccount() {
  const { t } = useLingui();
  usePageTitle(t`My account`);
  const { lang } = useLanguage();
  const { token, setRole } = useSession();
  const { data: user, error, isPending, refetch, isRefetching } = useQuery(profileQuery(lang, token));
  // The profile says the role as it is now (given or taken since the sign-in): the menu follows it.
  const role = user?.role;
  useEffect(() => {
    if (role) setRole(role);
  }, [role, setRole]);

  let body;
  if (isPending) {
    body = (
      <Box role="status" aria-label={t`Loading…`} sx={{ display: 'grid', gap: 2 }}>
        <Box sx={GRID}>
          <Skeleton variant="rounded" height={240} />
          <Skeleton variant="rounded" height={160} />
        </Box>
        <Skeleton variant="rounded" height={300} />
      </Box>
    );
  } else if (error) {
    body = <LoadFailed message={error.message} onRetry={() => void refetch()} busy={isRefetching} />;
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box sx={GRID}>
          <ProfileSection user={user} />
          <Section id="points-title" title={t`Loyalty points`}>
            <PointsBalance points={user.points} />
          </Section>
        </Box>
        <Section id="password-title" title={t`Change password`}>
          <PasswordForm />
        </Section>
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby="my-account-title">
      <Typography id="my-account-title" component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>{t`My account`}</Typography>
      {body}
    </Box>
  );
}

export default withMui(MyAccount);
