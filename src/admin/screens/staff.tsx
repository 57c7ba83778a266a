// Who runs the shop with the owner: the list with roles, a form that gives someone the back office
// (a new account's one-time password shown once, with a copy button), and, with a confirmation, a
// role change or the end of someone's access.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { emailProblem } from '@contract/rules';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import type { Me } from '../api';
import { Loaded, Title, useAdmin } from '../common';
import { roleLabel } from '../labels';
import { staffQuery, useAddStaff, useRemoveStaff, useSetRole, type StaffAddedData, type StaffRole, type StaffRow } from '../settings-api';

type Said = { ok: boolean; text: string } | null;

/** The one-time password of the member just added: shown once, with a copy button, until the owner closes it. */
function OneTimePassword({ added, onClose }: { added: StaffAddedData; onClose: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  const password = added.one_time_password!;
  return (
    <Alert
      ref={box} tabIndex={-1} severity="warning" icon={false}
      sx={{ display: 'grid', '& .MuiAlert-message': { display: 'grid', gap: 1, width: '100%' } }}
    >
      <Typography sx={{ fontWeight: 700 }}><Trans>One-time password for <bdi>{added.member.email}</bdi></Trans></Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="bdi" dir="ltr" data-testid="one-time-password" sx={{ fontFamily: 'monospace', fontSize: '1.35rem', letterSpacing: 1, userSelect: 'all' }}>{password}</Typography>
        <Button
          variant="outlined" size="small" sx={{ minHeight: 44 }}
          onClick={() => void navigator.clipboard?.writeText(password).then(() => setCopied(true), () => setCopied(false))}
        >
          {copied ? t`Copied` : t`Copy`}
        </Button>
      </Box>
      <Typography variant="body2">
        <Trans>Shown only now: it is not kept anywhere you can see it again. Give it to them yourself; they choose their own password when they first sign in.</Trans>
      </Typography>
      <Box><Button variant="contained" size="small" sx={{ minHeight: 44 }} onClick={onClose}>{t`Done, I have given it`}</Button></Box>
    </Alert>
  );
}

function AddForm({ onAdded }: { onAdded: (added: StaffAddedData, message: string) => void }) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const add = useAddStaff(token, lang);
  const [values, setValues] = useState({ email: '', name: '', role: 'staff' as StaffRole });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    const found: Record<string, string> = {};
    const email = values.email.trim();
    if (emailProblem(email) === 'field_required') found.email = t`Required`;
    else if (emailProblem(email)) found.email = t`Invalid email format.`;
    if (!values.name.trim()) found.name = t`Required`;
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.name) return nameRef.current?.focus();
    add.mutateAsync({ email, name: values.name.trim(), role: values.role }).then(
      ({ message, data }) => {
        setValues({ email: '', name: '', role: 'staff' });
        onAdded(data, message);
      },
      (error: Error) => {
        const fields = error instanceof ApiError ? error.fields : {};
        setErrors(Object.fromEntries(Object.entries(fields).map(([f, list]) => [f, list.join(' ')])));
        setProblem(error.message);
        if (fields.email) emailRef.current?.focus();
        else if (fields.name) nameRef.current?.focus();
      },
    );
  };
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography component="h2" variant="h6" id={headingId} sx={{ mb: 1 }}><Trans>Add someone</Trans></Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1.3fr 1fr 10rem auto' }, alignItems: 'start' }}>
        <TextField
          label={t`Email`} type="email" autoComplete="off" required fullWidth value={values.email} inputRef={emailRef}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
          error={!!errors.email} helperText={errors.email ?? t`An existing shopper's account gets the role and keeps its password.`}
          slotProps={{ htmlInput: { dir: 'ltr', maxLength: 254 }, formHelperText: { role: errors.email ? 'alert' : undefined } }}
        />
        <TextField
          label={t`Name`} required fullWidth value={values.name} inputRef={nameRef}
          onChange={(e) => setValues({ ...values, name: e.target.value })}
          error={!!errors.name} helperText={errors.name ?? ' '}
          slotProps={{ htmlInput: { maxLength: 100 }, formHelperText: { role: errors.name ? 'alert' : undefined } }}
        />
        <TextField select label={t`Role`} fullWidth value={values.role} onChange={(e) => setValues({ ...values, role: e.target.value as StaffRole })} helperText=" ">
          <MenuItem value="staff">{roleLabel('staff')}</MenuItem>
          <MenuItem value="owner">{roleLabel('owner')}</MenuItem>
        </TextField>
        <Button type="submit" variant="contained" size="large" loading={add.isPending} sx={{ minHeight: 56 }}>{t`Add`}</Button>
      </Box>
      {problem && <Typography role="alert" color="error" sx={{ mt: 1 }}>{problem}</Typography>}
    </Card>
  );
}

type Pending = { kind: 'role'; member: StaffRow; role: StaffRole } | { kind: 'remove'; member: StaffRow } | null;

function Confirm({ pending, busy, onCancel, onConfirm }: { pending: Pending; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useLingui();
  const name = pending?.member.name ?? '';
  return (
    <Dialog open={pending !== null} onClose={onCancel} fullWidth maxWidth="xs">
      {pending?.kind === 'remove' && (
        <>
          <DialogTitle><Trans>Remove <bdi>{name}</bdi>'s access?</Trans></DialogTitle>
          <DialogContent>
            <Typography><Trans>They are signed out everywhere at once and can no longer open the back office. Their account stays, as a shopper's.</Trans></Typography>
          </DialogContent>
        </>
      )}
      {pending?.kind === 'role' && (
        <>
          <DialogTitle><Trans>Make <bdi>{name}</bdi> {roleLabel(pending.role)}?</Trans></DialogTitle>
          <DialogContent>
            <Typography>
              {pending.role === 'owner'
                ? t`An owner can change the settings and the staff list, adjust points and read the audit.`
                : t`Staff run orders, messages and customers; they cannot change the settings or the staff list.`}
            </Typography>
          </DialogContent>
        </>
      )}
      <DialogActions>
        <Button onClick={onCancel} sx={{ minHeight: 44 }}>{t`Cancel`}</Button>
        <Button onClick={onConfirm} variant="contained" color={pending?.kind === 'remove' ? 'error' : 'primary'} loading={busy} sx={{ minHeight: 44 }}>
          {pending?.kind === 'remove' ? t`Remove access` : t`Change role`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MemberCard({ member, me, onAsk }: { member: StaffRow; me: Me; onAsk: (pending: Pending) => void }) {
  const { t } = useLingui();
  const self = member.id === me.id;
  const other: StaffRole = member.role === 'owner' ? 'staff' : 'owner';
  return (
    <Card component="li" variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' }, alignItems: 'center' }}>
      <Box sx={{ display: 'grid', gap: 0.25, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <strong><bdi>{member.name}</bdi></strong>
          <Chip size="small" label={roleLabel(member.role)} color={member.role === 'owner' ? 'primary' : 'default'} />
          {self && <Chip size="small" variant="outlined" label={t`You`} />}
        </Box>
        {/* In a span of the page's direction, so the address lines up with the name in Arabic. */}
        <span style={{ overflowWrap: 'anywhere' }}><bdi>{member.email}</bdi></span>
        {member.must_change_password && <Typography variant="body2" color="text.secondary">{t`Has not signed in yet (one-time password).`}</Typography>}
      </Box>
      {!self && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => onAsk({ kind: 'role', member, role: other })}>
            {other === 'owner' ? t`Make owner` : t`Make staff`}
          </Button>
          <Button variant="outlined" color="error" sx={{ minHeight: 44 }} onClick={() => onAsk({ kind: 'remove', member })}>{t`Remove access`}</Button>
        </Box>
      )}
    </Card>
  );
}

export function StaffScreen({ me }: { me: Me }) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const title = t({ message: 'Staff', context: 'the screen listing the back office\'s people' });
  usePageTitle(title);
  const query = useQuery(staffQuery(token, lang));
  const setRole = useSetRole(token, lang);
  const remove = useRemoveStaff(token, lang);
  const [said, setSaid] = useState<Said>(null);
  const [added, setAdded] = useState<StaffAddedData | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const status = useRef<HTMLDivElement>(null);
  const listId = useId();

  const report = (next: Said) => {
    setSaid(next);
    // The card the action was on may be gone: the focus goes to what was said.
    requestAnimationFrame(() => status.current?.focus());
  };
  const confirm = () => {
    if (!pending) return;
    const done = pending.kind === 'remove' ? remove.mutateAsync({ id: pending.member.id }) : setRole.mutateAsync({ id: pending.member.id, role: pending.role });
    done.then(
      ({ message }) => { setPending(null); report({ ok: true, text: message }); },
      (error: Error) => { setPending(null); report({ ok: false, text: error.message }); },
    );
  };

  return (
    <>
      <Title>{title}</Title>
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
        <AddForm
          onAdded={(data, message) => {
            setAdded(data.one_time_password ? data : null);
            // A one-time password takes the focus itself (it is what the owner must read now).
            if (data.one_time_password) setSaid({ ok: true, text: message });
            else report({ ok: true, text: message });
          }}
        />
        <Box ref={status} tabIndex={-1} sx={{ outline: 'none', display: 'grid', gap: 1 }}>
          {said && <Alert severity={said.ok ? 'success' : 'error'} role={said.ok ? 'status' : 'alert'}>{said.text}</Alert>}
        </Box>
        {added && <OneTimePassword added={added} onClose={() => setAdded(null)} />}
        <Box component="section" aria-labelledby={listId}>
          <Typography component="h2" variant="h6" id={listId} sx={{ mb: 1 }}><Trans>Who can open the back office</Trans></Typography>
          <Loaded query={query}>
            {(staff) => (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
                {staff.map((member) => <MemberCard key={member.id} member={member} me={me} onAsk={setPending} />)}
              </Box>
            )}
          </Loaded>
        </Box>
      </Box>
      <Confirm pending={pending} busy={setRole.isPending || remove.isPending} onCancel={() => setPending(null)} onConfirm={confirm} />
    </>
  );
}
