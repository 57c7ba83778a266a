import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import DialogContent from '@mui/material/DialogContent';
import DialogActions from '@mui/material/DialogActions';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/lib/language';
import { withMui } from '@/lib/mui/scope';

// Drawn inline like Safari's own symbols, so the how-to needs nothing from the network.
const symbol = { width: 22, height: 22, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false, style: { verticalAlign: 'text-bottom', marginInline: 2, color: '#0a58ca' } } as const;

/** Safari's Share symbol: a box with an arrow leaving it upwards. */
export function ShareSymbol() {
  return (
    <svg {...symbol} data-testid="share-symbol">
      <path d="M8 9H6.5A1.5 1.5 0 0 0 5 10.5v9A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5v-9A1.5 1.5 0 0 0 17.5 9H16" />
      <path d="M12 3v12M8.5 6.5 12 3l3.5 3.5" />
    </svg>
  );
}

/** Safari's Add to Home Screen symbol: a plus in a rounded square. */
function AddSymbol() {
  return (
    <svg {...symbol}>
      <rect x="4" y="4" width="16" height="16" rx="3" />
      <path d="M12 8.5v7M8.5 12h7" />
    </svg>
  );
}

/**
 * iPhone and iPad Safari cannot be asked to install: the shopper does it from
 * the Share sheet. The opener gets focus back through `onClosed`, because the
 * menu item that opened this is gone by then.
 */
function InstallHowToDialogUnscoped({ open, onClose, onClosed }: { open: boolean; onClose: () => void; onClosed?: () => void }) {
  const { t } = useLingui();
  const { lang } = useLanguage();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="install-how-to-title"
      disableRestoreFocus
      slotProps={{ transition: { onExited: onClosed } }}
    >
      <DialogTitle id="install-how-to-title">{t`Install app`}</DialogTitle>
      <DialogContent>
        <Box component="ol" sx={{ m: 0, paddingInlineStart: 3, display: 'grid', gap: 1.5, lineHeight: 1.8, listStyleType: lang === 'ar' ? 'arabic-indic' : 'decimal' }}>
          <li><Trans>Tap Share <ShareSymbol /> in Safari's toolbar.</Trans></li>
          <li><Trans>Choose Add to Home Screen <AddSymbol /> from the list.</Trans></li>
          <li><Trans>Tap Add. Attar then opens from your home screen like an app.</Trans></li>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">{t`Close`}</Button>
      </DialogActions>
    </Dialog>
  );
}

export const InstallHowToDialog = withMui(InstallHowToDialogUnscoped);
