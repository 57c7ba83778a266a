// Runs in the page's head, before the app's code has arrived. The build
// compiles it to a small script of its own and writes it into index.html
// (scripts/vite/inline-boot.ts), with the route manifest's calls in it:
// - sets the language and direction, so an Arabic page is right-to-left from its first paint;
// - preloads the shopper's catalog next to the app's code, not after it;
// - runs the app's code once the page has loaded and painted;
// - asks for the first screen's data at once, in parallel with the app's code.
//   The app takes these answers instead of asking again (src/lib/early-data.ts);
// - preloads the image the first screen paints largest, once that data names it.
// It runs before the first paint on slow phones: only what these need, no library.
import type { BootPlan, EarlyCall, ImagePick } from './app/route-manifest';
import { RENDER_STALE } from './app/server-render';
import { directionOf } from './lib/direction';
import { earlyKey, type EarlyAnswers } from './lib/early-data';
import { KEYS, keepLangCookie, readStored, storedLang } from './lib/storage';
import { isDataSaverOn } from './lib/data-saver-state';
import { imageSources, pictureOf } from './lib/image-sources';

/** The route manifest's calls (bootPlan), written in by the build. */
declare const __ATTAR_BOOT_PLAN__: BootPlan;

/** The marker the server puts in a page it rendered (server/plugins/external/storefront-render.ts, RENDER_META). */
const RENDER_META = 'attar-server-render';

function boot() {
  // A link may name the language (a mailed link, a shared page: ?lang=ar): it becomes the shopper's choice.
  const asked = /[?&]lang=(ar|en)(?:&|$)/.exec(location.search)?.[1];
  try {
    if (asked) localStorage.setItem(KEYS.lang, asked);
  } catch {
    // storage turned off: the page is in the stored (or default) language
  }
  const lang = storedLang();
  const token = readStored(KEYS.token);
  const root = document.documentElement;
  root.lang = lang;
  root.dir = directionOf(lang);
  const bootScript = document.currentScript;

  // The build writes on this script's tag where it put each language's catalog
  // (scripts/vite/boot-hints.ts): the shopper's is asked now, next to the app's
  // code, instead of once it has run. Only the catalog: preloading the first
  // screen's code too (a dozen links) cost this script up to 80 ms before the
  // first paint on a slow phone and gained no measurable LCP.
  const catalog = bootScript && bootScript.getAttribute(`data-catalog-${lang}`);
  if (catalog) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = catalog;
    document.head.appendChild(link);
  }

  // The app's code: preloaded by the page, run once it has loaded and painted (boot-hints.ts),
  // so the first paint and the pictures do not wait for its evaluation.
  const entry = bootScript && bootScript.getAttribute('data-entry');
  if (entry) {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      requestAnimationFrame(() => {
        setTimeout(() => {
          // The code the entry runs in steps (src/main.tsx), asked with it: a page the server
          // rendered has none of it preloaded, and each step would wait for its file in turn.
          for (const file of (bootScript!.getAttribute('data-code') || '').split(' ')) {
            if (!file || document.querySelector(`link[rel="modulepreload"][href="${file}"]`)) continue;
            const preload = document.createElement('link');
            preload.rel = 'modulepreload';
            preload.crossOrigin = '';
            preload.href = file;
            document.head.appendChild(preload);
          }
          const app = document.createElement('script');
          app.type = 'module';
          app.crossOrigin = '';
          app.src = entry;
          // No app (its file failed): the server's page at least works as a page, links and all.
          app.onerror = () => {
            document.getElementById('root')?.removeAttribute('inert');
            root.classList.remove(RENDER_STALE);
          };
          document.head.appendChild(app);
        }, 0);
      });
    };
    if (document.readyState === 'complete') start();
    else {
      window.addEventListener('load', start);
      // A picture that never finishes loading does not hold the app back past this.
      document.addEventListener('DOMContentLoaded', () => setTimeout(start, 2500));
    }
  }

  keepLangCookie(lang);
  // A page the server rendered holds its shell's data (the footer's, the banner's) and, for the
  // catalog's screens (data-screen), the screen's with its images: nothing of it to ask again.
  // Rendered in the other language (a cookie older than this device's choice), it stays hidden
  // until the app has drawn the page in the shopper's (src/main.tsx).
  const rendered = document.querySelector(`meta[name="${RENDER_META}"]`);
  let shellAnswered = false;
  if (rendered) {
    if (rendered.getAttribute('content') !== lang) root.classList.add(RENDER_STALE);
    else if (rendered.hasAttribute('data-screen')) return;
    else shellAnswered = true;
  }

  // Offline the app asks only what the service worker keeps (src/pwa/offline-read.ts): it asks itself.
  if (typeof fetch !== 'function' || typeof Promise !== 'function' || navigator.onLine === false) return;
  const plan = __ATTAR_BOOT_PLAN__;
  // Each call exactly as the app's own (src/lib/api-client.ts): same URL, same headers.
  const early: EarlyAnswers = (window.__attarEarly = { at: Date.now(), answers: {} });
  const ask = (path: string, call: EarlyCall) => {
    const headers: Record<string, string> = { lang };
    if (call.token !== 'never' && token) headers.authorization = `Bearer ${token}`;
    const answer = fetch(`/api${path}`, { headers });
    // Taken or not, a failure here is the app's to meet when it asks itself.
    answer.catch(() => {});
    early.answers[earlyKey(path, lang, headers.authorization)] = answer;
    return answer;
  };
  // On every page: the shell's calls, unless the page holds their answers.
  const shell: Record<string, Promise<Response>> = {};
  if (!shellAnswered) for (const call of plan.shell) shell[call.api] = ask(call.api, call);

  const path = location.pathname.replace(/\/+$/, '') || '/';
  for (const { patterns, call } of plan.routes) {
    const found = patterns.map((pattern) => new RegExp(pattern).exec(path)).find(Boolean);
    if (!found) continue;
    if ((call.bareUrlOnly && location.search) || (call.token === 'required' && !token)) break;
    let parameter = 0;
    const api = call.api.replace(/:\w+/g, () => found[++parameter]);
    // A shell's call is asked once: with the shell's (or not at all where the page holds its answer).
    const answer = plan.shell.some((s) => s.api === api) ? shell[api] : ask(api, call);
    if (answer && call.images) preloadImages(answer, call.images);
    break;
  }
}

/**
 * The image a screen paints largest (its LCP) is named in its answer: asked as
 * soon as the answer is in, rather than a round trip after the app has drawn its <img>.
 */
function preloadImages(answer: Promise<Response>, pick: ImagePick) {
  answer
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((body: { data?: Record<string, unknown> } | null) => {
      const data = body && body.data;
      // Each picture as [the object holding it, its field]: its widths are named after the field.
      const found: [Record<string, unknown>, string][] = !data ? [] : 'at' in pick
        ? [[data[pick.at[0]] as Record<string, unknown>, pick.at[1]]]
        : (data[pick.list] as Record<string, unknown>[]).slice(0, pick.first).map((item) => [item, pick.each]);
      for (const [holder, field] of found) {
        const source = holder[field];
        // The shop's own paths only (not '//host/…').
        if (typeof source !== 'string' || !/^\/(?!\/)/.test(source)) continue;
        // The file the screen's <img> will pick (src/components/product-image.tsx), not another.
        const chosen = imageSources(source, pictureOf(holder as Parameters<typeof pictureOf>[0], field), { width: 0, height: 0 }, pick.sizes ?? '100vw', isDataSaverOn());
        const link = document.createElement('link');
        link.rel = 'preload';
        link.setAttribute('as', 'image');
        link.href = chosen.src;
        if (chosen.srcSet) {
          link.setAttribute('imagesrcset', chosen.srcSet);
          link.setAttribute('imagesizes', chosen.sizes!);
        }
        link.setAttribute('fetchpriority', 'high');
        document.head.appendChild(link);
      }
    })
    .catch(() => {});
}

boot();
