import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { EmotionCache } from '@emotion/cache';
import { AppProvider } from './provider';
import { AppRoutes } from './router';
import { RouteErrorBoundary } from './route-error';
import { tookOver } from './server-render';
import type { AppPersister } from '@/lib/persist';
import type { Lang } from '@/lib/storage';

/** The app's first commit has taken over the server's page: it is the app's now. */
function TakeOver() {
  useLayoutEffect(tookOver, []);
  return null;
}

interface AppProps {
  queryClient: QueryClient;
  persister: AppPersister | null;
  restored?: boolean;
  /** BrowserRouter in the browser, StaticRouter on the server; it gets the routes */
  router: (routes: ReactNode) => ReactNode;
  /** the routes: the app's own, or the server's shell around the loading view */
  routes?: ReactNode;
  /** the update prompt, in a build's browser only */
  extra?: ReactNode;
  /** the server's render: the request's language and its own style cache */
  lang?: Lang;
  styleCache?: EmotionCache;
  /** the client started from the server's page: its answers go to the device's copy (provider.tsx) */
  saveNow?: boolean;
}

/**
 * The whole app, one tree for the browser (src/main.tsx) and the server's
 * render (src/entry-server.tsx). The same shape on both sides matters beyond
 * the markup: React numbers useId (MUI's label and aria ids) by each element's
 * place, so one extra sibling on one side gave every id under it another value.
 */
export function App({ queryClient, persister, restored, router, routes = <AppRoutes />, extra = null, lang, styleCache, saveNow }: AppProps) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient} persister={persister} restored={restored} lang={lang} styleCache={styleCache} saveNow={saveNow}>
        {router(<RouteErrorBoundary>{routes}</RouteErrorBoundary>)}
        {extra}
      </AppProvider>
      {/* Last: its layout effect runs after the app's own, which still see the server's page as it was. */}
      <TakeOver />
    </StrictMode>
  );
}
