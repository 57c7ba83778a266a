// The app itself, the last of the evaluation steps of src/main.tsx: the query client, the server's
// page taken over (or the app drawn afresh), the shell and the first screen.
import { startTransition } from 'react';
import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { makeQueryClient, restoreQueries } from './app/provider';
import { App } from './app/app';
import { UpdatePrompt } from './pwa/update-prompt';
import { loadCatalog } from './lib/i18n';
import { storage } from './lib/storage';
import { idbPersister } from './lib/persist';
import { serverRender, setShellTakeover } from './app/server-render';
import { preloadScreen } from './pwa/chunk-load';

const container = document.getElementById('root')!;
const queryClient = makeQueryClient();
const persister = idbPersister();
// The shopper's language first: the boot script has already asked for its catalog next to this file. Should
// it fail to load, English (which can also fail) is tried, and the app renders either way.
const lang = storage.lang();
const catalog = loadCatalog(lang)
  .catch(() => loadCatalog('en'))
  .catch((error: unknown) => console.warn('no catalog loaded', error));
// Meanwhile the device's copy of the queries goes into the client, so the first render shows it
// (provider.tsx, restoreQueries). Should IndexedDB not answer within 3 s, the app renders without
// waiting, and the provider restores as it renders.
const restored = Promise.race([restoreQueries(queryClient, persister), new Promise<false>((r) => setTimeout(() => r(false), 3000))]);
// A page the server rendered in this language (src/app/server-render.ts): the app takes it over
// from the same answers (newer than the device's copy), with the screen's code here first, so no
// loading view flashes in its place.
const server = serverRender(lang);
const screen = server?.screen ? preloadScreen(server.screen).catch(() => undefined) : undefined;
void Promise.all([restored, catalog, screen]).then(([wasRestored]) => {
  // Fresh from the server: not asked again on mount (each answer re-rendered its screen after the
  // takeover, a long task; docs/decisions.md, "The server renders the first screen"). The device's
  // copy gets them when the page is idle (provider.tsx, saveNow), so the page opens offline later.
  if (server) hydrate(queryClient, server.state);
  render(wasRestored);
});

// A transition: React renders the app in slices, yielding to the browser
// between them, rather than in one long task (Total Blocking Time).
function render(restored: boolean) {
  const app = (
    <App
      queryClient={queryClient}
      persister={persister}
      restored={restored}
      saveNow={server !== null}
      router={(routes) => <BrowserRouter>{routes}</BrowserRouter>}
      // The service worker exists only in a build: the dev server and tests run without it.
      extra={import.meta.env.PROD ? <UpdatePrompt /> : null}
    />
  );
  // The server's page is the app's own markup: React takes it over as it stands, rather than making
  // every element again (the blocking time after the first paint). Only a visitor's: the
  // server renders as one, and a signed-in shopper's page differs (the badge, the wishlist's hearts),
  // where React would keep the server's attributes. Their page is drawn afresh, as before.
  if (server && storage.token() === null) {
    // The server's shell alone: the layout starts from its loading view (server-render.ts).
    setShellTakeover(server.screen === null);
    startTransition(() => void hydrateRoot(container, app, {
      // A part that still differs is drawn again by React; said, not thrown.
      onRecoverableError: (error) => console.warn('the server\'s page differed from the app\'s; drawn again', error),
    }));
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
