import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { dirOf, type Lang } from '../../contract/lang.ts';

/**
 * The first screen rendered on the server (docs/decisions.md, "The server
 * renders the first screen"): a shopper on slow 4G sees the page, not a
 * spinner, before the app's code has arrived, and the app then takes it over
 * (hydration) from the same data. The screens of src/app/server-rendered.ts
 * with their content; every other page as its shell (banner, bar, footer)
 * around the loading view. In the language the URL names (`?lang=ar`), else
 * the `lang` cookie's (the app keeps it next to localStorage's), as a visitor
 * who is not signed in (static.ts). The page's head (title, description,
 * addresses, structured data) is not the render's: page-head.ts.
 *
 * The build puts the render in <dist>/ssr/ (scripts/vite/server-render-build.ts);
 * without it, or when a render fails or is slow, the page is the plain shell,
 * as before.
 */


interface ServerModule {
  prepare(transport: (url: string, init: RequestInit) => Promise<Response>, window: unknown): Promise<void>;
  render(url: string, lang: Lang): Promise<{ html: string; css: { key: string; names: string[]; rules: string }; state: unknown; failedParts: number; screen: string | null }>;
  SERVER_STATE_ID: string;
}

interface ManifestEntry {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/** A render that takes longer than this sends the plain shell instead: the app then loads as it would have. */
export const RENDER_TIMEOUT_MS = 1500;

/**
 * At most this many renders at once; past them a page goes as the plain shell
 * (the app draws it, as before). Each render asks the API and runs React on
 * the server's one thread: a flood of page requests must not take the API's time.
 */
export const MAX_RENDERS = 8;

/** The marker for the boot script (src/boot.ts, RENDER_META): the page holds a render in this language, so the first screen's data is in it. */
export const RENDER_META = 'attar-server-render';

/** JSON inside a <script>: nothing in it may end the script or the page's lines. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** CSS inside a <style>: nothing in it may end the element. */
const styleText = (css: string) => css.replace(/<\/style/gi, '<\\/style');

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `lang` cookie's language, English when there is none. */
export function cookieLang(cookie: string | undefined): Lang {
  return /(?:^|;\s*)lang=ar(?:;|$)/.test(cookie ?? '') ? 'ar' : 'en';
}

export interface StorefrontRenderer {
  /** The page for `url` with its first screen rendered, or null when the shell should go as it is. */
  page(url: string, lang: Lang): Promise<string | null>;
}

/**
 * From the build's manifest: each screen's stylesheets beyond the entry's
 * (in the page: the screen's look, before its code), the language's font
 * files, and the entry's script.
 */
function buildFiles(dist: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    manifest[key].imports?.forEach((next) => closure(next, into));
    return into;
  };
  const entries = Object.entries(manifest).filter(([, entry]) => entry.isEntry);
  if (entries.length !== 1) throw new Error('the build has no single entry');
  // The entry and the steps it runs (src/main.tsx): the app's code, loaded before any screen.
  const loaded = closure(entries[0][0]);
  for (const step of entries[0][1].dynamicImports ?? []) closure(step, loaded);
  const css = new Map<string, string>();
  const styles = (file: string) => {
    let text = css.get(file);
    if (text === undefined) css.set(file, (text = styleText(fs.readFileSync(path.join(dist, file), 'utf8'))));
    return text;
  };
  // The page's font files, Cairo in its language's script and both weights: asked with the page, so
  // they are here before its first paint rather than swapped in after it, moving the text (CLS).
  const font = (script: string, weight: number) => {
    const entry = manifest[`node_modules/@fontsource/cairo/files/cairo-${script}-${weight}-normal.woff2`];
    if (!entry) throw new Error(`no Cairo ${script} ${weight} in the build`);
    return `/${entry.file}`;
  };
  const fonts: Record<Lang, string[]> = { en: [font('latin', 400), font('latin', 700)], ar: [font('arabic', 400), font('arabic', 700)] };
  // A screen's stylesheets, worked out from the manifest once per screen rather than on each page.
  const screenStyles = new Map<string, string>();
  return {
    entry: `/${entries[0][1].file}`,
    /** The shell alone (screen null) needs only the entry's stylesheet, which the page holds. */
    screen(screen: string | null, lang: Lang) {
      if (!screen) return { styles: '', fonts: fonts[lang] };
      let text = screenStyles.get(screen);
      if (text === undefined) {
        const keys = [...closure(`src/app/routes/${screen}.tsx`)].filter((key) => !loaded.has(key));
        if (keys.length === 0) throw new Error(`no chunk for the server-rendered screen ${screen}`);
        screenStyles.set(screen, (text = keys.flatMap((key) => manifest[key].css ?? []).map(styles).join('')));
      }
      return { styles: text, fonts: fonts[lang] };
    },
  };
}

/** Loads the build's render, or null when the build has none. */
export async function loadRenderer(app: FastifyInstance, dist: string, shell: string, log: FastifyBaseLogger): Promise<StorefrontRenderer | null> {
  const entry = path.join(dist, 'ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  const server = (await import(pathToFileURL(entry).href)) as ServerModule;
  // The app's requests go to this server in-process: the same routes, checks and answers as over the network.
  await server.prepare(async (url, init) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  }, new JSDOM('').window);
  const files = buildFiles(dist);
  // The shell preloads the app's code so that it arrives with the page. Here the page itself shows
  // the screen: its pictures and fonts go first, and the boot script asks for the code once the page has
  // loaded and painted (scripts/vite/boot-hints.ts). Preloaded, the code took the bandwidth the
  // pictures needed on slow 4G, and the page painted only after it had arrived (the figures are in
  // docs/decisions.md, "The server renders the first screen").
  // All of the code's links go: the entry's and those of the steps it runs (src/main.tsx), which
  // the boot script asks for with the entry.
  const entryPreload = `<link rel="modulepreload" crossorigin href="${files.entry}">`;
  if (!shell.includes(entryPreload)) throw new Error('index.html does not preload the entry');
  const template = shell.replace(/\n?[ \t]*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g, '');
  const stateId = server.SERVER_STATE_ID;
  // #root and its boot outline on one line (index.html): the render takes its place.
  const ROOT = /<div id="root">[^\n]*/;
  if (!ROOT.test(shell) || !shell.includes('<meta charset="UTF-8" />')) throw new Error('index.html has no #root line or no charset');

  let rendering = 0;
  async function page(url: string, lang: Lang): Promise<string | null> {
    if (rendering >= MAX_RENDERS) return null;
    rendering += 1;
    // The slot is the render's until it ends, not until the page gives up on it (the time-out).
    const job = server.render(url, lang).finally(() => {
      rendering -= 1;
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS)));
    const rendered = await Promise.race([job, timeout]).finally(() => clearTimeout(timer));
    if (!rendered) {
      job.catch(() => undefined);
      log.warn({ url }, 'storefront render timed out; the shell was sent');
      return null;
    }
    const { html, css, state, failedParts, screen } = rendered;
    const screenFiles = files.screen(screen, lang);
    // The page still goes: the failed part shows its loading view until the app renders it.
    if (failedParts > 0) log.warn({ url, failedParts }, 'part of a storefront render failed');
    const head = [
      // MUI's rules, where the screen draws MUI (the catalog's screens are plain CSS: none).
      css.rules && `<style data-emotion="${escapeAttribute([css.key, ...css.names].join(' '))}">${styleText(css.rules)}</style>`,
      screenFiles.styles && `<style>${screenFiles.styles}</style>`,
      ...screenFiles.fonts.map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeAttribute(file)}">`),
    ].filter(Boolean).join('');
    const dir = dirOf(lang);
    return template
      .replace(/<html\b[^>]*>/, `<html lang="${lang}" dir="${dir}">`)
      .replace('<meta charset="UTF-8" />', (charset) => `${charset}<meta name="${RENDER_META}" content="${lang}"${screen ? ' data-screen' : ''}>`)
      .replace('</head>', () => `${head}</head>`)
      // inert: the page is for reading until the app has taken it over (src/main.tsx); text typed into it would be lost.
      .replace(ROOT, () => `<div id="root" inert>${html}</div><script type="application/json" id="${stateId}">${scriptJson({ lang, screen, state })}</script>`);
  }
  return { page };
}
