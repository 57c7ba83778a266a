// The server's render of a first screen, built by scripts/vite/server-render-build.ts
// to <outDir>/ssr/ and run by server/plugins/external/storefront-render.ts.
// The same components, queries and catalogs as the app: the page the server
// sends is the one the app then draws over it.
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { dehydrate, QueryClient, type DehydratedState, type Query } from '@tanstack/react-query';
import type { EmotionCache } from '@emotion/cache';
import { App } from './app/app';
import { SERVER_RENDERED, serverRenderedScreen } from './app/server-rendered';
import { Layout } from './app/shell/layout';
import { LoadingView } from './components/loading-view';
import { activateLanguage, loadCatalog } from './lib/i18n';
import { directionOf } from './lib/direction';
import { makeEmotionCache } from './lib/mui/theme';
import { setTransport } from './lib/api-client';
import { preloadScreen } from './pwa/chunk-load';
import { sanitizeOnServerWith } from './lib/shop-html';
import { purify, purifyIn } from './lib/shop-html-purify';
import type { WindowLike } from 'dompurify';
import type { Lang } from './lib/storage';

export { SERVER_STATE_ID } from './app/server-rendered';

export interface ServerRender {
  /** the app's markup, for inside #root */
  html: string;
  /** the style rules it uses, in the order the app makes them, and their Emotion key and names */
  css: { key: string; names: string[]; rules: string };
  /** the queries' answers the markup shows: the app starts from them rather than asking again */
  state: DehydratedState;
  /** a part of the page threw while rendering: the markup has its loading view, which the app replaces */
  failedParts: number;
  /** the screen rendered, or null when only the shell is: its banner, bar and footer around the loading view */
  screen: string | null;
}

/**
 * The shell around the loading view, for every page whose screen the server
 * does not render (a shopper's own, or a form): its banner, bar and footer
 * show before the app's code, and the app draws the screen into it.
 */
function ShellOnly() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="*" element={<LoadingView />} />
      </Route>
    </Routes>
  );
}

/**
 * Once, before the first render: how the app's requests reach the API (the
 * server itself, not the network), a window for the sanitizer (the shop's
 * HTML is sanitized here as in the browser), both catalogs, and every
 * server-rendered screen's code, so a render never suspends on a lazy screen.
 */
export async function prepare(transport: (url: string, init: RequestInit) => Promise<Response>, window: WindowLike) {
  setTransport(transport);
  purifyIn(window);
  sanitizeOnServerWith(purify);
  await Promise.all([loadCatalog('en'), loadCatalog('ar'), ...SERVER_RENDERED.map(([, screen]) => preloadScreen(screen))]);
}

const enabled = (query: Query) => {
  const option = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return (typeof option === 'function' ? option(query) : option) !== false;
};

/** At most this many renders: each may mount queries that the answers to the last one enabled. */
const MAX_PASSES = 3;

/**
 * Renders `url` in `lang` as a shopper who is not signed in sees it: its
 * screen when it is one of SERVER_RENDERED, else the shell around the loading view. Each
 * pass renders the page, then asks the queries it mounted and has not
 * answered; the page is done when a pass asks nothing new. A query that
 * fails is left to the app, which asks it again (its loading or error view is in the markup).
 */
export function render(url: string, lang: Lang): Promise<ServerRender> {
  const turn = queue.then(() => renderNow(url, lang));
  queue = turn.catch(() => undefined);
  return turn;
}

/**
 * One render at a time. The messages' language is Lingui's one global, and
 * a render waits between its passes (the API's answers); a query may read the
 * language a moment after it is asked. Another render switching it then sent
 * an Arabic page's questions in English. Renders are short (30-60 ms) and the
 * server runs at most a few at once (storefront-render.ts, MAX_RENDERS).
 */
let queue: Promise<unknown> = Promise.resolve();

async function renderNow(url: string, lang: Lang): Promise<ServerRender> {
  const screen = serverRenderedScreen(new URL(url, 'http://localhost').pathname) ?? null;
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
  let result: ServerRender | undefined;
  for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
    // Synchronous from here to the end of renderToString: no other request's render can switch the language between.
    activateLanguage(lang);
    const cache = makeEmotionCache(directionOf(lang));
    const html = renderToString(
      <App
        queryClient={client}
        persister={null}
        lang={lang}
        styleCache={collecting(cache)}
        router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>}
        routes={screen ? undefined : <ShellOnly />}
      />,
    );
    // React marks a Suspense boundary whose content threw with <!--$!-->, and renders its fallback.
    result = { html, css: collected(cache), state: dehydrate(client), failedParts: html.split('<!--$!-->').length - 1, screen };
    const unasked = client.getQueryCache().findAll({ predicate: (q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && enabled(q) });
    if (unasked.length === 0 || pass === MAX_PASSES) break;
    activateLanguage(lang);
    // prefetchQuery never throws: a failed query stays failed, and the next pass renders it so.
    await Promise.all(unasked.map((query) => client.prefetchQuery({ queryKey: query.queryKey, queryFn: query.options.queryFn })));
  }
  client.clear();
  return result!;
}

/**
 * Emotion on a server keeps each rule it made (`compat`), instead of writing
 * a <style> next to each element: the page gets them all in one, in <head>.
 */
function collecting(cache: EmotionCache): EmotionCache {
  cache.compat = true;
  return cache;
}

function collected(cache: EmotionCache): ServerRender['css'] {
  const entries = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return { key: cache.key, names: entries.map(([name]) => name), rules: entries.map(([, rules]) => rules).join('') };
}
