import { Link as RouterLink, NavLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Divider from '@mui/material/Divider';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import type { SignInState } from '@/lib/return-here';
import { setDataSaver, useDataSaver } from '@/lib/data-saver';
import { useInstallOffer } from '@/pwa/install-state';
import type { ShopLink } from './links';
import { withMui } from '@/lib/mui/scope';

// The navigation's drawer and account menu: loaded when first asked for (or
// pointed at), not with the first page, since most visits never open them
// and Menu, Drawer and Switch weigh 11 KiB gzip. The precache keeps
// this file, so they open offline too (OFFLINE_PARTS in src/app/route-manifest.ts).

/**
 * Data saver's label and what it does. The switch is only a picture: the menu
 * item around it is the control, so it sits out of the tab order and the
 * accessibility tree.
 */
function DataSaverLabel({ on, id }: { on: boolean; id: string }) {
  const { t } = useLingui();
  return (
    <>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <span id={`${id}-label`}>{t`Data saver`}</span>
        <Typography id={`${id}-hint`} component="span" variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'normal', maxWidth: 200 }}>
          {t`Fewer pictures, nothing loaded ahead`}
        </Typography>
      </Box>
      <Box component="span" inert aria-hidden sx={{ display: 'flex', marginInlineStart: 1 }}>
        <Switch size="small" checked={on} slotProps={{ input: { tabIndex: -1 } }} />
      </Box>
    </>
  );
}

/** Phones: the shop's links, Install app and data saver, in a drawer. */
function NavDrawerUnscoped({ open, onClose, links, onInstall }: {
  open: boolean;
  onClose(): void;
  links: readonly ShopLink[];
  onInstall(): void;
}) {
  const { t } = useLingui();
  const installOffer = useInstallOffer();
  const dataSaver = useDataSaver();
  return (
    <Drawer id="nav-drawer" open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': t`Menu` } }}>
      <List component="nav" aria-label={t`Main`} sx={{ width: 260, pt: 2 }}>
        {links.map((l) => (
          <ListItemButton key={l.to} component={NavLink} to={l.to} end={l.to === '/'} onClick={onClose} sx={{ '&.active': { fontWeight: 700 } }}>
            {l.label}
          </ListItemButton>
        ))}
        <Divider component="li" sx={{ my: 1 }} />
        {installOffer && <ListItemButton onClick={onInstall}>{t`Install app`}</ListItemButton>}
        <ListItemButton
          role="switch"
          aria-checked={dataSaver}
          aria-labelledby="drawer-data-saver-label"
          aria-describedby="drawer-data-saver-hint"
          onClick={() => setDataSaver(!dataSaver)}
        >
          <DataSaverLabel on={dataSaver} id="drawer-data-saver" />
        </ListItemButton>
      </List>
    </Drawer>
  );
}

/** The account button's menu: the shopper's pages and Log out, or sign-in and sign-up; then Install app and data saver. */
function AccountMenuUnscoped({ anchor, onClose, signedIn, backOffice = false, here, onLogOut, onInstall }: {
  anchor: HTMLElement | null;
  onClose(): void;
  signedIn: boolean;
  /** the account is staff or owner: a link to the back office, a separate bundle, so a full page load (not the router) */
  backOffice?: boolean;
  /** where sign-in and sign-up bring the shopper back to */
  here: SignInState;
  onLogOut(): void;
  onInstall(): void;
}) {
  const { t } = useLingui();
  const installOffer = useInstallOffer();
  const dataSaver = useDataSaver();
  return (
    <Menu id="user-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {signedIn
        ? [
          <MenuItem key="account" component={RouterLink} to="/myAccount" onClick={onClose}>{t`My account`}</MenuItem>,
          <MenuItem key="orders" component={RouterLink} to="/myOrders" onClick={onClose}>{t`My orders`}</MenuItem>,
          <MenuItem key="address" component={RouterLink} to="/address" onClick={onClose}>{t`Add address`}</MenuItem>,
          ...(backOffice ? [<MenuItem key="back-office" component="a" href="/admin">{t`Back office`}</MenuItem>] : []),
          <MenuItem key="logout" onClick={onLogOut}>{t`Log out`}</MenuItem>,
        ]
        : [
          <MenuItem key="sign-in" component={RouterLink} to="/sign-in" state={here} onClick={onClose}>{t`Sign in`}</MenuItem>,
          <MenuItem key="sign-up" component={RouterLink} to="/sign-up" state={here} onClick={onClose}>{t`Sign up`}</MenuItem>,
        ]}
      <Divider component="li" />
      {installOffer && <MenuItem onClick={onInstall}>{t`Install app`}</MenuItem>}
      {/* Stays open on a toggle, so the shopper sees the switch move. */}
      <MenuItem
        role="menuitemcheckbox"
        aria-checked={dataSaver}
        aria-labelledby="menu-data-saver-label"
        aria-describedby="menu-data-saver-hint"
        onClick={() => setDataSaver(!dataSaver)}
      >
        <DataSaverLabel on={dataSaver} id="menu-data-saver" />
      </MenuItem>
    </Menu>
  );
}

export const NavDrawer = withMui(NavDrawerUnscoped);

export const AccountMenu = withMui(AccountMenuUnscoped);
