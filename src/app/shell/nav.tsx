import { lazy, useRef, useState } from 'react';
import { Link as RouterLink, NavLink, useNavigate } from 'react-router-dom';
import { useReturnHere } from '@/lib/return-here';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { notify } from '@/lib/notify';
import { useLanguage } from '@/lib/language';
import { formatNumber } from '@/lib/money';
import { useShopLinks } from './links';
import { badgeText, useSession } from '@/lib/session';
import { request } from '@/lib/api-client';
import { storage } from '@/lib/storage';
import { useForgetShopper } from '@/app/sign-out';
import { LazyWidget } from '@/components/error-boundary';
import { HeartIcon, CartIcon, MenuIcon, PersonIcon } from '@/components/icons';
import { promptInstall, useInstallOffer } from '@/pwa/install-state';

const loadMenus = () => import('./nav-menus');
const NavDrawer = lazy(() => loadMenus().then((m) => ({ default: m.NavDrawer })));
const AccountMenu = lazy(() => loadMenus().then((m) => ({ default: m.AccountMenu })));
const InstallHowToDialog = lazy(() => import('@/pwa/install-prompt').then((m) => ({ default: m.InstallHowToDialog })));
/**
 * Starts loading the menus when the shopper points at or focuses a button
 * that opens one. Each is a LazyWidget: a menu whose file cannot load leaves
 * the bar as it is rather than the page blank.
 */
const prepareMenus = () => void loadMenus().catch(() => {});

/** Navigation of spec §2: links, wishlist heart, cart badge, user menu, language toggle. */
export function Nav() {
  const { t } = useLingui();
  const { lang, setLang } = useLanguage();
  const { signedIn, cartCount } = useSession();
  const navigate = useNavigate();
  // Signing in or up from the menu brings the shopper back here.
  const here = useReturnHere();
  const forgetShopper = useForgetShopper();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [drawer, setDrawer] = useState(false);
  const installOffer = useInstallOffer();
  const [howTo, setHowTo] = useState(false);
  // Mounted once first opened, then kept, so they close with their own transitions.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const [howToWanted, setHowToWanted] = useState(false);
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
      setHowToWanted(true);
      setHowTo(true);
    }
  }

  const links = useShopLinks();
  // The links' row shows from md up; a phone has them in the drawer. Not rendered at all on a
  // phone, rather than hidden by CSS: six buttons were a third of the bar's first render (issue 6).
  // Not noSsr: taking over the server's page, React reads the server's answer (a phone's bar) first, then the screen's.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));

  // Spec §4: clear locally first, then tell the server; its errors are silent.
  async function logOut() {
    setMenu(null);
    const token = storage.token();
    forgetShopper('log-out');
    try {
      if (token) {
        const body = await request<null>('/user/logout', { headers: { authorization: `Bearer ${token}` }, handleUnauthorized: false });
        notify(body.message, { variant: 'success' });
      }
    } catch {
      // Silent by the spec: the token is gone from this device either way.
    }
    navigate('/sign-in');
  }

  const badge = badgeText(cartCount, lang);
  const units = formatNumber(cartCount, lang);
  const cartLabel = cartCount <= 0
    ? t`Cart`
    : cartCount > 99
      ? t`Cart, more than 99 items`
      : plural(cartCount, { one: `Cart, ${units} item`, other: `Cart, ${units} items` });
  return (
    <AppBar position="static" color="inherit" elevation={1} component="nav" aria-label={t`Main`}>
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap', minHeight: 64 }}>
        {/* On phones the links live in a drawer, so the bar stays one row. */}
        <IconButton
          ref={menuButton}
          aria-label={t`Menu`}
          aria-controls={drawer ? 'nav-drawer' : undefined}
          aria-expanded={drawer}
          onClick={() => {
            setDrawerWanted(true);
            setDrawer(true);
          }}
          onPointerEnter={prepareMenus}
          onFocus={prepareMenus}
          color="primary"
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Box component={RouterLink} to="/" aria-label={t`Attar home`} sx={{ display: 'flex', alignItems: 'center', marginInlineEnd: 1 }}>
          <img src="/logo.svg" alt="" width={40} height={40} />
        </Box>
        <Box sx={{ flexGrow: 1, display: { md: 'none' } }} />
        {drawerWanted && (
          <LazyWidget>
            <NavDrawer open={drawer} onClose={() => setDrawer(false)} links={links} onInstall={() => install('drawer')} />
          </LazyWidget>
        )}
        {wide && (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', flexGrow: 1 }}>
            {links.map((l) => (
              <Button key={l.to} component={NavLink} to={l.to} end={l.to === '/'} color="primary" sx={{ '&.active': { fontWeight: 700, textDecoration: 'underline' } }}>
                {l.label}
              </Button>
            ))}
          </Box>
        )}
        <IconButton component={RouterLink} to="/wishlist" aria-label={t`Wishlist`} color="primary">
          <HeartIcon />
        </IconButton>
        <IconButton component={RouterLink} to="/cart" aria-label={cartLabel} color="primary">
          <Badge badgeContent={badge} color="secondary" data-testid="cart-badge">
            <CartIcon />
          </Badge>
        </IconButton>
        <IconButton
          ref={accountButton}
          aria-label={t`Account`}
          aria-haspopup="menu"
          aria-expanded={Boolean(menu)}
          aria-controls={menu ? 'user-menu' : undefined}
          onClick={(e) => {
            setMenuWanted(true);
            setMenu(e.currentTarget);
          }}
          onPointerEnter={prepareMenus}
          onFocus={prepareMenus}
          color="primary"
        >
          <PersonIcon />
        </IconButton>
        {menuWanted && (
          <LazyWidget>
            <AccountMenu anchor={menu} onClose={() => setMenu(null)} signedIn={signedIn} here={here} onLogOut={logOut} onInstall={() => install('menu')} />
          </LazyWidget>
        )}
        {howToWanted && (
          <LazyWidget>
            <InstallHowToDialog open={howTo} onClose={() => setHowTo(false)} onClosed={() => howToOpener.current?.focus()} />
          </LazyWidget>
        )}
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
