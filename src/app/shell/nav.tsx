import { lazy, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useReturnHere } from '@/lib/return-here';
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
import { buttonClass, iconButtonClass } from '@/components/plain-controls';
import { HeartIcon, CartIcon, MenuIcon, PersonIcon, SearchIcon } from '@/components/icons';
import { promptInstall, useInstallOffer } from '@/pwa/install-state';

const loadMenus = () => import('./nav-menus');
const NavDrawer = lazy(() => loadMenus().then((m) => ({ default: m.NavDrawer })));
const AccountMenu = lazy(() => loadMenus().then((m) => ({ default: m.AccountMenu })));
const loadSearch = () => import('@/features/search/components/search-dialog');
const SearchDialog = lazy(loadSearch);
/** Starts loading the search box when the shopper points at or focuses its button. */
const prepareSearch = () => void loadSearch().catch(() => {});
const InstallHowToDialog = lazy(() => import('@/pwa/install-prompt').then((m) => ({ default: m.InstallHowToDialog })));
/**
 * Starts loading the menus when the shopper points at or focuses a button
 * that opens one. Each is a LazyWidget: a menu whose file cannot load leaves
 * the bar as it is rather than the page blank.
 */
const prepareMenus = () => void loadMenus().catch(() => {});

/**
 * From md (900 px) up. False in the first render, as the server answered (a
 * phone's bar), so taking over its page matches it; then the screen's.
 */
function useWide(): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(min-width: 900px)');
    const update = () => setWide(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return wide;
}

/** The navigation: links, wishlist heart, cart badge, user menu, language toggle. */
export function Nav() {
  const { t } = useLingui();
  const { lang, setLang } = useLanguage();
  const { signedIn, cartCount, role } = useSession();
  const navigate = useNavigate();
  // Signing in or up from the menu brings the shopper back here.
  const here = useReturnHere();
  const forgetShopper = useForgetShopper();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  // An address that names its language (?lang=, from a mail or a search result) follows the choice:
  // a reload, the update's reload or a shared link then keep the language chosen (docs/seo.md).
  const location = useLocation();
  const switchLanguage = (next: typeof lang) => {
    setLang(next);
    const search = new URLSearchParams(location.search);
    if (search.has('lang')) {
      search.set('lang', next);
      navigate({ pathname: location.pathname, search: `?${search}`, hash: location.hash }, { replace: true });
    }
  };
  const [drawer, setDrawer] = useState(false);
  const installOffer = useInstallOffer();
  const [howTo, setHowTo] = useState(false);
  // Mounted once first opened, then kept, so they close with their own transitions.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const [howToWanted, setHowToWanted] = useState(false);
  const [search, setSearch] = useState(false);
  const [searchWanted, setSearchWanted] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);
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
  // phone, rather than hidden by CSS: six buttons were a third of the bar's first render.
  // Not noSsr: taking over the server's page, React reads the server's answer (a phone's bar) first, then the screen's.
  const wide = useWide();

  // Log-out clears this device first, then tells the server; the server's errors are not shown.
  async function logOut() {
    setMenu(null);
    const token = storage.token();
    forgetShopper('log-out');
    try {
      if (token) {
        const body = await request<null>('/user/logout', { lang, headers: { authorization: `Bearer ${token}` }, handleUnauthorized: false });
        notify(body.message, { variant: 'success' });
      }
    } catch {
      // Silent on purpose: the token is gone from this device either way.
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
  // Plain (shell.css, controls.css), drawn as MUI's AppBar, Toolbar, buttons and Badge were.
  const iconButton = iconButtonClass('primary');
  return (
    <nav className="attar-bar" aria-label={t`Main`}>
      <div className="attar-bar__row">
        {/* On phones the links live in a drawer, so the bar stays one row. */}
        <button
          ref={menuButton}
          type="button"
          className={`${iconButton} attar-bar__menu`}
          aria-label={t`Menu`}
          aria-controls={drawer ? 'nav-drawer' : undefined}
          aria-expanded={drawer}
          onClick={() => {
            setDrawerWanted(true);
            setDrawer(true);
          }}
          onPointerEnter={prepareMenus}
          onFocus={prepareMenus}
        >
          <MenuIcon />
        </button>
        <RouterLink to="/" aria-label={t`Attar home`} className="attar-bar__logo">
          <img src="/logo.svg" alt="" width={40} height={40} />
        </RouterLink>
        <span className="attar-bar__spacer" />
        {drawerWanted && (
          <LazyWidget>
            <NavDrawer open={drawer} onClose={() => setDrawer(false)} links={links} onInstall={() => install('drawer')} />
          </LazyWidget>
        )}
        {wide && (
          <div className="attar-bar__links">
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.to === '/'} className={`${buttonClass()} attar-bar__link`}>
                {l.label}
              </NavLink>
            ))}
          </div>
        )}
        <button
          ref={searchButton}
          type="button"
          className={iconButton}
          aria-label={t`Search`}
          aria-haspopup="dialog"
          aria-expanded={search}
          onClick={() => {
            setSearchWanted(true);
            setSearch(true);
          }}
          onPointerEnter={prepareSearch}
          onFocus={prepareSearch}
          data-testid="search-button"
        >
          <SearchIcon />
        </button>
        {searchWanted && (
          <LazyWidget>
            <SearchDialog
              open={search}
              onClose={() => {
                setSearch(false);
                searchButton.current?.focus();
              }}
            />
          </LazyWidget>
        )}
        <RouterLink to="/wishlist" aria-label={t`Wishlist`} className={iconButton}>
          <HeartIcon />
        </RouterLink>
        <RouterLink to="/cart" aria-label={cartLabel} className={iconButton}>
          <span className="attar-badge" data-testid="cart-badge">
            <CartIcon />
            {badge && <span className="attar-badge__count">{badge}</span>}
          </span>
        </RouterLink>
        <button
          ref={accountButton}
          type="button"
          className={iconButton}
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
        >
          <PersonIcon />
        </button>
        {menuWanted && (
          <LazyWidget>
            <AccountMenu anchor={menu} onClose={() => setMenu(null)} signedIn={signedIn} backOffice={signedIn && (role === 'staff' || role === 'owner')} here={here} onLogOut={logOut} onInstall={() => install('menu')} />
          </LazyWidget>
        )}
        {howToWanted && (
          <LazyWidget>
            <InstallHowToDialog open={howTo} onClose={() => setHowTo(false)} onClosed={() => howToOpener.current?.focus()} />
          </LazyWidget>
        )}
        <button
          type="button"
          className={`${buttonClass('outlined')} attar-bar__lang`}
          onClick={() => switchLanguage(lang === 'ar' ? 'en' : 'ar')}
          lang={lang === 'ar' ? 'en' : 'ar'}
          data-testid="language-toggle"
        >
          {lang === 'ar' ? 'English' : 'العربية'}
        </button>
      </div>
    </nav>
  );
}
