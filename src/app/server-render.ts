import type { DehydratedState } from '@tanstack/react-query';
import type { Lang } from '@/lib/storage';

/** The element holding what the server rendered: its language, screen and the queries' data. */
export const SERVER_STATE_ID = 'attar-server-state';

/** The root's class while the page shows a render in the other language: hidden until the app has drawn it anew. */
export const RENDER_STALE = 'attar-render-stale';

export interface ServerRenderState {
  lang: Lang;
  /** the screen rendered (server-rendered.ts), or null: the shell alone */
  screen: string | null;
  /** the answers it was rendered from */
  state: DehydratedState;
}

/**
 * What the server rendered into this page (server/plugins/external/storefront-render.ts),
 * when it is in the shopper's language; otherwise null, and the app starts as on any page.
 */
export function serverRender(lang: Lang): ServerRenderState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element) return null;
  element.remove();
  try {
    const value = JSON.parse(element.textContent ?? '') as Partial<ServerRenderState>;
    if (value.lang !== lang || (typeof value.screen !== 'string' && value.screen !== null) || typeof value.state !== 'object' || value.state === null) return null;
    return value as ServerRenderState;
  } catch {
    return null;
  }
}

/**
 * Once the app has drawn the page over the server's: it answers input
 * (the server's was inert: text typed into it would have been lost), and a
 * page rendered in the other language is shown (src/boot.ts hid it).
 */
export function tookOver() {
  document.getElementById('root')?.removeAttribute('inert');
  document.documentElement.classList.remove(RENDER_STALE);
}

/**
 * Whether the app is taking over the server's shell alone (a page whose screen the server does
 * not render: the cart, sign-in, …): its markup has the loading view where the screen goes. The
 * layout draws that loading view on its first render, as the server did, so the page is taken
 * over as it stands, then the screen in its place (shell/layout.tsx). Drawing the screen at once
 * made React meet markup it did not expect there (its error #418) and draw the page again.
 */
let shellTakeover = false;

export const takingOverShell = () => shellTakeover;

export function setShellTakeover(value: boolean) {
  shellTakeover = value;
}

