import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { useOnline } from '@/lib/offline';

/**
 * The changes the shopper made that the server has not had yet (offline,
 * or kept across a reload): "Waiting for connection: Add Oud Royal; Smell
 * for unit 1 of Bleu Horizon". Once online they go one by one as they are
 * sent. The region is always there, so a screen reader hears each change
 * as it is added and the list as it empties.
 */
export function WaitingChanges({ changes }: { changes: readonly { id: number; text: string }[] }) {
  const { t } = useLingui();
  const online = useOnline();
  return (
    <Box role="status" aria-live="polite" data-testid="waiting-changes">
      {changes.length > 0 && (
        <Box
          sx={{
            mb: 3,
            p: 2,
            border: 1,
            borderColor: 'warning.main',
            borderInlineStartWidth: 4,
            borderRadius: 1,
            bgcolor: 'background.paper',
          }}
        >
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {online ? t`Sending your changes…` : t`Waiting for connection`}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 1, paddingInlineStart: 3 }}>
            {changes.map((change) => <li key={change.id}>{change.text}</li>)}
          </Box>
        </Box>
      )}
    </Box>
  );
}
