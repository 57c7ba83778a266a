// The back office's frame: its providers, the guard (who may be here), the bar and menu, the screens.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { NavLink, Route, Routes, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ApiError, setUnauthorizedHandler } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { LanguageProvider, useLanguage } from '@/lib/language';
import { MuiScope } from '@/lib/mui/scope';
import { usePageTitle } from '@/lib/page-title';
import { SessionProvider, useSession } from '@/lib/session';
import { meQuery, type Me } from './api';
import { loadAdminCatalogs } from './i18n';
import { leaveFor } from './leave';
import { ChangePassword } from './screens/change-password';
import { DashboardScreen } from './screens/dashboard';
import { OrdersScreen } from './screens/orders';
import { OrderScreen } from './screens/order';
import { MessagesScreen } from './screens/messages';
import { CustomersScreen, CustomerScreen } from './screens/customers';
import { AuditScreen } from './screens/audit';
import './admin.css';

// The owner's shop data: loaded when opened, so staff (and every first load) never download their
// forms (react-hook-form, the switches, the image picker), about 25 KiB gzip in all.
function Later({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return <Suspense fallback={<Centered><CircularProgress aria-label={t`Loading`} /></Centered>}>{children}</Suspense>;
}
const CategoriesScreen = lazy(() => import('./screens/categories').then((m) => ({ default: m.CategoriesScreen })));
const CouponsScreen = lazy(() => import('./screens/coupons').then((m) => ({ default: m.CouponsScreen })));
const ContentScreen = lazy(() => import('./screens/content').then((m) => ({ default: m.ContentScreen })));
const ProductsScreen = lazy(() => import('./screens/products').then((m) => ({ default: m.ProductsScreen })));
const ProductEditScreen = lazy(() => import('./screens/product-edit').then((m) => ({ default: m.ProductEditScreen })));
const ProductPhotosScreen = lazy(() => import('./screens/product-photos').then((m) => ({ default: m.ProductPhotosScreen })));
const SettingsScreen = lazy(() => import('./screens/settings').then((m) => ({ default: m.SettingsScreen })));
const OutboxScreen = lazy(() => import('./screens/outbox').then((m) => ({ default: m.OutboxScreen })));
const OutboxMailScreen = lazy(() => import('./screens/outbox').then((m) => ({ default: m.OutboxMailScreen })));
const StaffScreen = lazy(() => import('./screens/staff').then((m) => ({ default: m.StaffScreen })));

/** The back office's queries: in memory only (never the shop's persister), asked again when the tab comes back. */
export function makeAdminQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true } } });
}

export function AdminProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <I18nProvider i18n={i18n}>
          <SessionProvider>
            <MuiScope>{children}</MuiScope>
          </SessionProvider>
        </I18nProvider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}

/** The other language, its catalogs loaded first (the back office's and the shop's). */
function LanguageToggle() {
  const { lang, setLang } = useLanguage();
  const next = lang === 'ar' ? 'en' : 'ar';
  return (
    <Button color="inherit" lang={next} onClick={() => void loadAdminCatalogs(next).then(() => setLang(next))}>
      {next === 'ar' ? 'العربية' : 'English'}
    </Button>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', textAlign: 'center', p: 2, gap: 2 }}>{children}</Box>;
}

/**
 * Who may be here: signed out (or a refused token) goes to the shop's sign-in,
 * where the same token is stored (src/lib/storage.ts); a shopper is told they
 * have no access; an account whose password must change changes it first.
 */
export function AdminGuard({ children }: { children: (me: Me) => ReactNode }) {
  const { token, setToken } = useSession();
  const { lang } = useLanguage();
  const { t } = useLingui();
  // A token refused by any call (a 401): dropped, and the guard sends the user to sign-in.
  useEffect(() => setUnauthorizedHandler(() => setToken(null, 'expired')), [setToken]);
  const me = useQuery(meQuery(token, lang));
  const refused = me.error instanceof ApiError && me.error.status === 401;
  const away = token === null || refused;
  useEffect(() => {
    if (refused) setToken(null, 'expired');
  }, [refused, setToken]);
  useEffect(() => {
    if (away) leaveFor('/sign-in');
  }, [away]);
  if (away) {
    return <Centered><Link href="/sign-in"><Trans>Sign in to open the back office</Trans></Link></Centered>;
  }
  if (me.isPending) return <Centered><CircularProgress aria-label={t`Loading`} /></Centered>;
  if (me.isError) {
    return (
      <Centered>
        <Typography role="alert">{me.error.message}</Typography>
        <Button variant="outlined" onClick={() => void me.refetch()}><Trans>Try again</Trans></Button>
      </Centered>
    );
  }
  if (me.data.role === 'shopper') {
    return (
      <Centered>
        <Typography component="h1" variant="h5"><Trans>You do not have access</Trans></Typography>
        <Typography><Trans>The back office is for the shop's staff.</Trans></Typography>
        <Link href="/"><Trans>Back to the shop</Trans></Link>
      </Centered>
    );
  }
  if (me.data.must_change_password) return <ChangePassword onDone={() => void me.refetch()} />;
  return children(me.data);
}

/**
 * The menu: the day's work (dashboard, orders, messages, customers) always in sight; the owner's
 * screens that set the shop up behind "More" on a phone, so the sticky menu stays one row there,
 * and inline from 900 px (admin.css). The group closes when a screen is chosen, and on Escape.
 */
function Menu({ owner }: { owner: boolean }) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  const daily: [string, string][] = [['/', t`Dashboard`], ['/orders', t`Orders`], ['/messages', t`Messages`], ['/customers', t`Customers`]];
  const setup: [string, string][] = owner ? [
    ['/products', t`Products`], ['/categories', t`Categories`], ['/coupons', t`Coupons`], ['/content', t`Shop texts`],
    ['/settings', t`Settings`], ['/outbox', t`Outbox`], ['/staff', t({ message: 'Staff', context: 'the screen listing the back office\'s people' })], ['/audit', t`Audit`],
  ] : [];
  const inSetup = setup.some(([to]) => pathname === to || pathname.startsWith(`${to}/`));
  const link = ([to, label]: [string, string]) => <NavLink key={to} to={to} end={to === '/'} className="admin-menu-link">{label}</NavLink>;
  return (
    <Box
      component="nav" aria-label={t`Back office`} className="admin-menu no-print"
      onKeyDown={(event) => { if (event.key === 'Escape' && open) { setOpen(false); document.getElementById('admin-menu-more')?.focus(); } }}
    >
      {daily.map(link)}
      {setup.length > 0 && (
        <>
          <button
            type="button" id="admin-menu-more" className={`admin-menu-link admin-menu-more${inSetup ? ' active' : ''}`}
            aria-expanded={open} aria-controls="admin-menu-setup" onClick={() => setOpen((was) => !was)}
          >
            {t({ message: 'More', context: 'the back office menu\'s button that shows the owner\'s other screens' })}
            <span aria-hidden="true" className="admin-menu-chevron">▾</span>
          </button>
          <div id="admin-menu-setup" className={`admin-menu-setup${open ? ' open' : ''}`}>{setup.map(link)}</div>
        </>
      )}
    </Box>
  );
}

/** An owner's screen opened by staff (its address typed or kept): said so, rather than "does not exist". */
function OwnerOnly({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  usePageTitle(t`You do not have access`);
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>{t`You do not have access`}</Typography>
      <Typography>{children}</Typography>
    </>
  );
}

function Frame({ me }: { me: Me }) {
  const { t } = useLingui();
  const owner = me.role === 'owner';
  return (
    <>
      <AppBar position="sticky" color="primary" className="no-print">
        <Toolbar sx={{ gap: 1 }}>
          <Typography component="p" variant="h6" sx={{ flexGrow: 1, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}>
            {t`Attar back office`}
          </Typography>
          <LanguageToggle />
          <Button color="inherit" href="/">{t`Shop`}</Button>
        </Toolbar>
      </AppBar>
      <Menu owner={owner} />
      <Container component="main" maxWidth="lg" sx={{ py: 2, px: { xs: 1.5, sm: 3 } }}>
        <Routes>
          <Route index element={<DashboardScreen />} />
          <Route path="orders" element={<OrdersScreen />} />
          <Route path="orders/:number" element={<OrderScreen />} />
          <Route path="messages" element={<MessagesScreen />} />
          <Route path="customers" element={<CustomersScreen />} />
          <Route path="customers/:id" element={<CustomerScreen owner={owner} />} />
          <Route path="audit" element={owner ? <AuditScreen /> : <OwnerOnly>{t`Only the shop's owner can see the audit.`}</OwnerOnly>} />
          <Route path="products" element={owner ? <Later><ProductsScreen /></Later> : <OwnerOnly>{t`Only the shop's owner can change the catalog.`}</OwnerOnly>} />
          <Route path="products/new" element={owner ? <Later><ProductEditScreen /></Later> : <OwnerOnly>{t`Only the shop's owner can change the catalog.`}</OwnerOnly>} />
          <Route path="products/:id" element={owner ? <Later><ProductEditScreen /></Later> : <OwnerOnly>{t`Only the shop's owner can change the catalog.`}</OwnerOnly>} />
          <Route path="products/:id/photos" element={owner ? <Later><ProductPhotosScreen /></Later> : <OwnerOnly>{t`Only the shop's owner can change product photos.`}</OwnerOnly>} />
          <Route path="categories" element={owner ? <Later><CategoriesScreen /></Later> : <OwnerOnly>{t`Only the shop's owner can change the categories.`}</OwnerOnly>} />
          <Route path="coupons" element={owner ? <Later><CouponsScreen /></Later> : <OwnerOnly>{t`Only the shop's owner can change the coupons.`}</OwnerOnly>} />
          <Route path="content" element={owner ? <Later><ContentScreen /></Later> : <OwnerOnly>{t`Only the shop's owner can change the shop's texts.`}</OwnerOnly>} />
          <Route path="staff" element={owner ? <Later><StaffScreen me={me} /></Later> : <OwnerOnly>{t`Only the shop's owner can change the staff list.`}</OwnerOnly>} />
          <Route path="outbox" element={owner ? <Later><OutboxScreen /></Later> : <OwnerOnly>{t`Only the shop's owner can read the shop's mails.`}</OwnerOnly>} />
          <Route path="outbox/:id" element={owner ? <Later><OutboxMailScreen /></Later> : <OwnerOnly>{t`Only the shop's owner can read the shop's mails.`}</OwnerOnly>} />
          <Route path="settings" element={owner ? <Later><SettingsScreen /></Later> : <OwnerOnly>{t`Only the shop's owner can change the settings.`}</OwnerOnly>} />
          <Route path="*" element={<Typography component="h1" variant="h5">{t`This page does not exist.`}</Typography>} />
        </Routes>
      </Container>
    </>
  );
}

/** The whole back office, below its router (BrowserRouter with basename /admin, or a test's MemoryRouter). */
export function AdminApp() {
  return <AdminGuard>{(me) => <Frame me={me} />}</AdminGuard>;
}
