import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { readCheckoutSession, updateCheckoutSession } from '@/lib/checkout-session';
import { useLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import { LoadFailed } from '@/components/load-failed';
import { LoadingView } from '@/components/loading-view';
import { addressesQuery } from '@/features/address/api/get-addresses';
import { AddAddressDialog } from '@/features/address/components/add-address-dialog';
import { AddressChoices } from '@/features/address/components/address-choices';
import { StepHeading } from '@/features/checkout/components/step-heading';
import { StepOffline, waitsForConnection } from '@/features/checkout/components/step-offline';
import { stepPath } from '@/features/checkout/utils/steps';
import { withMui } from '@/lib/mui/scope';

/** The saved addresses are refreshed this often while the step is open. */
const POLL_MS = 1000;

/**
 * /payment-session/address: the saved addresses as radios, refreshed every
 * second (an address added in another tab shows up), an add-address modal
 * whose new address is listed and chosen at once (not at the next refresh),
 * and Next, which needs a choice ('Please select address first'). An only
 * address is chosen from the start.
 */
function AddressStep() {
  const { t } = useLingui();
  usePageTitle(t`Delivery address`);
  const { lang } = useLanguage();
  const { token } = useSession();
  const navigate = useNavigate();
  const headingId = useId();
  // Polls quietly: only the first load shows the loading view.
  const addresses = useQuery({ ...addressesQuery(lang, token), refetchInterval: POLL_MS });
  const { data, error, isPending, isFetching, refetch } = addresses;
  const [chosen, setChosen] = useState<number | null>(() => readCheckoutSession().userAddress);
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  if (waitsForConnection(addresses)) return <StepOffline onRetry={() => void refetch()} />;
  if (isPending) return <LoadingView />;
  if (!data) return <LoadFailed message={error?.message ?? ''} onRetry={() => void refetch()} busy={isFetching} />;

  // A saved choice that is no longer in the list (deleted elsewhere) is no choice;
  // with no choice, an only address is the one.
  const selected = chosen !== null && data.some((a) => a.id === chosen) ? chosen : data.length === 1 ? data[0].id : null;

  function next(event: FormEvent) {
    event.preventDefault();
    if (selected === null) {
      setProblem(t`Please select address first`);
      const target = document.querySelector<HTMLInputElement>(`[aria-labelledby="${headingId}"] input`) ?? addButton.current;
      target?.focus();
      return;
    }
    updateCheckoutSession({ userAddress: selected });
    navigate(stepPath('shipping'));
  }

  // The dialog's form sits outside this one: React events bubble through portals.
  return (
    <>
      <Box component="form" noValidate onSubmit={next} sx={{ display: 'grid', gap: 2.5, maxWidth: 720 }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
          <StepHeading id={headingId}>{t`Delivery address`}</StepHeading>
          <Button ref={addButton} variant="outlined" onClick={() => setAdding(true)}>{t`Add new address`}</Button>
        </Box>
        {data.length === 0 && <Typography>{t`You have no saved addresses yet. Add one to continue.`}</Typography>}
        <AddressChoices
          addresses={data}
          value={selected}
          onChange={(id) => {
            setChosen(id);
            setProblem(null);
          }}
          labelledBy={headingId}
          error={problem ?? undefined}
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => navigate(stepPath('info'))}>{t`Back`}</Button>
          <Button type="submit" variant="contained">{t`Next`}</Button>
        </Box>
      </Box>
      <AddAddressDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(address) => {
          setChosen(address.id);
          setProblem(null);
          setAdding(false);
        }}
      />
    </>
  );
}

export default withMui(AddressStep);
