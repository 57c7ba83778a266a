import type { ComponentType, ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Layout } from './shell/layout';
import { GuestOnly, RequireAuth, RequireEarlierNavigation } from './guards';
import { ROUTES, screensOf, type Route as RouteSpec } from './route-manifest';
import { lazyScreen } from '@/pwa/chunk-load';

// Each screen's module, loaded when first shown: one file per screen (the build
// splits at each of these imports).
const modules = import.meta.glob<{ default: ComponentType }>('./routes/**/*.tsx');

/** The screens by name, made once: a screen shown at two paths (home, the cart) stays mounted between them. */
const screens = new Map(screensOf().map((name) => {
  const load = modules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`the route manifest names a screen with no module: src/app/routes/${name}.tsx`);
  return [name, lazyScreen(name, load)];
}));

function screen(name: string): ReactElement {
  const Screen = screens.get(name)!;
  return <Screen />;
}

/** A manifest route as <Route>s: one per path (its aliases too), its gate around its screen, its children inside. */
function routesOf(route: RouteSpec): ReactElement[] {
  const element = route.gate ? <RequireEarlierNavigation gate={route.gate}>{screen(route.screen)}</RequireEarlierNavigation> : screen(route.screen);
  return [route.path, ...(route.aliases ?? [])].map((path) =>
    path === '/' ? (
      <Route key={path} index element={element} />
    ) : (
      <Route key={path} path={path.replace(/^\//, '')} element={element}>
        {route.index && <Route index element={<Navigate to={route.index} replace />} />}
        {route.children?.map((child) => <Route key={child.path} path={child.path} element={screen(child.screen)} />)}
      </Route>
    ),
  );
}

const guarded = (guard: RouteSpec['guard']) => ROUTES.filter((route) => route.guard === guard).flatMap(routesOf);

/**
 * The routes of the route manifest (route-manifest.ts) under one layout;
 * any unmatched path shows home. Every screen is lazy, behind the layout's
 * loading view; one whose code does not arrive (missing, failed, or past its
 * time-out) throws a ChunkLoadError that the layout's error boundary turns
 * into Retry. The guarded routes sit under their guard as a layout route, so
 * the guard stays mounted while the shopper moves between them.
 *
 * Declarative routes, not createBrowserRouter: the data router's loaders,
 * actions and fetchers, which Attar does not use (TanStack Query loads the
 * data), weigh 17 KiB gzip on every first load.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {guarded(undefined)}
        <Route element={<RequireAuth />}>{guarded('auth')}</Route>
        <Route element={<GuestOnly />}>{guarded('guest')}</Route>
      </Route>
    </Routes>
  );
}
