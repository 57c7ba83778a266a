import { useRef, useState } from 'react';
import { Link as RouterLink, NavLink, useNavigate } from 'react-router-dom';
import { useReturnHere } from '@/lib/return-here';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Badge from '@mui/material/Badge';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Divider from '@mui/material/Divider';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useSnackbar } from 'notistack';
import { useLanguage } from '@/lib/language';
import { useShopLinks } from './links';
import { badgeText, useSession } from '@/lib/session';
import { request } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { useForgetShopper } from '@/app/sign-out';
import { HeartIcon, CartIcon, MenuIcon, PersonIcon } from '@/components/icons';
import { setDataSaver, useDataSaver } from '@/lib/data-saver';
import { promptInstall } from '@/pwa/install-state';
import { InstallHowToDialog, useInstallOffer } from '@/pwa/install-prompt';

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

/** Navigation of spec §2: links, wishlist heart, cart badge, user menu, language toggle. */
export function Nav() {
  const { t } = useLingui();
  const { lang, setLang } = useLanguage();
  const { signedIn, cartCount } = useSession();
  const navigate = useNavigate();
  // Signing in or up from the menu brings the shopper back here.
  const here = useReturnHere();
  const forgetShopper = useForgetShopper();
  const { enqueueSnackbar } = useSnackbar();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [drawer, setDrawer] = useState(false);
  const installOffer = useInstallOffer();
  const dataSaver = useDataSaver();
  const [howTo, setHowTo] = useState(false);
  // Where focus goes back after the how-to: the button that opened the menu or the drawer.
  const accountButton = useRef<HTMLButtonElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const howToOpener = useRef<HTMLButtonElement | null>(null);

  function install(from: 'menu' | 'drawer') {
    setMenu(null);
    setDrawer(false);
    // prompt() needs the click's user activation: it is called before anything is awaited.
    if (installOffer === 'prompt') void promptInstall();
    else if (installOffer === 'ios') {
      howToOpener.current = from === 'menu' ? accountButton.current : menuButton.current;
      setHowTo(true);
    }
  }

  const links = useShopLinks();

  // Spec §4: clear locally first, then tell the server; its errors are silent.
  async function logOut() {
    setMenu(null);
    const token = storage.token();
    forgetShopper('log-out');
    try {
      if (token) {
        const body = await request<null>('/user/logout', { headers: { authorization: `Bearer ${token}` }, handleUnauthorized: false });
        enqueueSnackbar(body.message, { variant: 'success' });
      }
    } catch {
      // Silent by the spec: the token is gone from this device either way.
    }
    navigate('/sign-in');
  }

  const badge = badgeText(cartCount, lang);
  const cartLabel = cartCount <= 0
    ? t`Cart`
    : cartCount > 99
      ? t`Cart, more than 99 items`
      : plural(cartCount, { one: 'Cart, # item', other: 'Cart, # items' });
  return (
    <AppBar position="static" color="inherit" elevation={1} component="nav" aria-label={t`Main`}>
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', minHeight: 64 }}>
        {/* On phones the links live in a drawer, so the bar stays one row. */}
        <IconButton
          ref={menuButton}
          aria-label={t`Menu`}
          aria-controls={drawer ? 'nav-drawer' : undefined}
          aria-expanded={drawer}
          onClick={() => setDrawer(true)}
          color="primary"
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Box component={RouterLink} to="/" aria-label={t`Attar home`} sx={{ display: 'flex', alignItems: 'center', marginInlineEnd: 1 }}>
          <img src="/logo.svg" alt="" width={40} height={40} />
        </Box>
        <Box sx={{ flexGrow: 1, display: { md: 'none' } }} />
        <Drawer id="nav-drawer" open={drawer} onClose={() => setDrawer(false)} slotProps={{ paper: { 'aria-label': t`Menu` } }}>
          <List component="nav" aria-label={t`Main`} sx={{ width: 260, pt: 2 }}>
            {links.map((l) => (
              <ListItemButton key={l.to} component={NavLink} to={l.to} end={l.to === '/'} onClick={() => setDrawer(false)} sx={{ '&.active': { fontWeight: 700 } }}>
                {l.label}
              </ListItemButton>
            ))}
            <Divider component="li" sx={{ my: 1 }} />
            {installOffer && <ListItemButton onClick={() => install('drawer')}>{t`Install app`}</ListItemButton>}
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
        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexWrap: 'wrap', flexGrow: 1 }}>
          {links.map((l) => (
            <Button key={l.to} component={NavLink} to={l.to} end={l.to === '/'} color="primary" sx={{ '&.active': { fontWeight: 700, textDecoration: 'underline' } }}>
              {l.label}
            </Button>
          ))}
        </Box>
        <IconButton component={RouterLink} to="/wishlist" aria-label={t`Wishlist`} color="primary">
          <HeartIcon />
        </IconButton>
        <IconButton component={RouterLink} to="/cart" aria-label={cartLabel} color="primary">
          <Badge badgeContent={badge} color="secondary" data-testid="cart-badge">
            <CartIcon />
          </Badge>
        </IconButton>
        <IconButton ref={accountButton} aria-label={t`Account`} aria-haspopup="menu" aria-expanded={Boolean(menu)} aria-controls={menu ? 'user-menu' : undefined} onClick={(e) => setMenu(e.currentTarget)} color="primary">
          <PersonIcon />
        </IconButton>
        <Menu id="user-menu" anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          {signedIn
            ? [
              <MenuItem key="account" component={RouterLink} to="/myAccount" onClick={() => setMenu(null)}>{t`My account`}</MenuItem>,
              <MenuItem key="orders" component={RouterLink} to="/myOrders" onClick={() => setMenu(null)}>{t`My orders`}</MenuItem>,
              <MenuItem key="address" component={RouterLink} to="/address" onClick={() => setMenu(null)}>{t`Add address`}</MenuItem>,
              <MenuItem key="logout" onClick={logOut}>{t`Log out`}</MenuItem>,
            ]
            : [
              <MenuItem key="sign-in" component={RouterLink} to="/sign-in" state={here} onClick={() => setMenu(null)}>{t`Sign in`}</MenuItem>,
              <MenuItem key="sign-up" component={RouterLink} to="/sign-up" state={here} onClick={() => setMenu(null)}>{t`Sign up`}</MenuItem>,
            ]}
          <Divider component="li" />
          {installOffer && <MenuItem onClick={() => install('menu')}>{t`Install app`}</MenuItem>}
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
        <InstallHowToDialog open={howTo} onClose={() => setHowTo(false)} onClosed={() => howToOpener.current?.focus()} />
        <Button
          variant="outlined"
          sx={{ textTransform: 'none' }}
          onClick={() => setLang(lang === 'ar' ? 'en' : 'ar')}
          lang={lang === 'ar' ? 'en' : 'ar'}
          data-testid="language-toggle"
        >
          {lang === 'ar' ? 'English' : 'العربية'}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
