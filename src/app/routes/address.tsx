import { useRef, useState } from 'react';
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
import { LoadFailed } from '@/components/load-failed';
import { addressesQuery, type Address } from '@/features/address/api/get-addresses';
import { AddAddressDialog } from '@/features/address/components/add-address-dialog';
import { AddressLines } from '@/features/address/components/address-lines';
import { DeleteAddressDialog } from '@/features/address/components/delete-address-dialog';
import { withMui } from '@/lib/mui/scope';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } } as const;

/** /address (sign-in required): the saved addresses, each deletable, and a way to add one. */
function Addresses() {
  const { t } = useLingui();
  usePageTitle(t`My addresses`);
  const { lang } = useLanguage();
  const { token } = useSession();
  const { data, error, isPending, isFetching, refetch } = useQuery(addressesQuery(lang, token));
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  let body;
  if (isPending) {
    body = (
      <Box sx={grid} role="status" aria-label={t`Loading…`}>
        {[0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={140} />)}
      </Box>
    );
  } else if (error) {
    body = <LoadFailed message={error.message} onRetry={() => void refetch()} busy={isFetching} />;
  } else if (data.length === 0) {
    body = <Typography>{t`You have no saved addresses yet.`}</Typography>;
  } else {
    body = (
      <Box component="ul" sx={{ ...grid, listStyle: 'none', p: 0, m: 0 }}>
        {data.map((a) => {
          const title = a.title;
          return (
            <li key={a.id}>
              <Paper variant="outlined" sx={{ p: 2, height: '100%', display: 'grid', gap: 1.5, alignContent: 'space-between' }}>
                <AddressLines address={a} />
                <Button
                  color="error"
                  size="small"
                  sx={{ justifySelf: 'start' }}
                  aria-label={t`Delete address: ${title}`}
                  onClick={() => setDeleting(a)}
                >
                  {t`Delete`}
                </Button>
              </Paper>
            </li>
          );
        })}
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby="addresses-title" sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id="addresses-title" component="h1" variant="h4" sx={{ fontWeight: 700 }}>{t`My addresses`}</Typography>
        <Button ref={addButton} variant="contained" onClick={() => setAdding(true)}>{t`Add new address`}</Button>
      </Box>
      {body}
      <AddAddressDialog open={adding} onClose={() => setAdding(false)} onAdded={() => setAdding(false)} />
      <DeleteAddressDialog
        address={deleting}
        onClose={() => setDeleting(null)}
        // Its Delete button is gone with it: focus goes somewhere that still exists.
        onDeleted={() => setTimeout(() => addButton.current?.focus(), 0)}
      />
    </Box>
  );
}

export default withMui(Addresses);
