// Generates the install assets from public/logo.svg and the running shop,
// locally, with Debian's Chromium: nothing is fetched from the network and
// the outputs are committed, so a build needs neither a browser nor a shop.
//
//   npx tsx scripts/make-pwa-assets.ts icons
//   npx tsx scripts/make-pwa-assets.ts screenshots http://127.0.0.1:8080
//   npx tsx scripts/make-pwa-assets.ts all http://127.0.0.1:8080
//
// The screenshots need a freshly seeded shop serving a build (`npm start`).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const ICONS = path.join(ROOT, 'public/icons');
const SCREENSHOTS = path.join(ROOT, 'public/screenshots');
const BRAND = '#5b3a1e';
const LOGO = fs.readFileSync(path.join(ROOT, 'public/logo.svg'), 'utf8');

// Material icons (Apache 2.0), the same shapes as the navigation's.
const GLYPHS = {
  cart: 'M7 18c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2zM1 2v2h2l3.6 7.59-1.35 2.45c-.16.28-.25.61-.25.96 0 1.1.9 2 2 2h12v-2H7.42c-.14 0-.25-.11-.25-.25l.03-.12.9-1.63h7.45c.75 0 1.41-.41 1.75-1.03l3.58-6.49A1.003 1.003 0 0020 4H5.21l-.94-2H1zm16 16c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2z',
  offers: 'M21.41 11.58l-9-9C12.05 2.22 11.55 2 11 2H4c-1.1 0-2 .9-2 2v7c0 .55.22 1.05.59 1.42l9 9c.36.36.86.58 1.41.58.55 0 1.05-.22 1.41-.59l7-7c.37-.36.59-.86.59-1.41 0-.55-.23-1.06-.59-1.42zM5.5 7C4.67 7 4 6.33 4 5.5S4.67 4 5.5 4 7 4.67 7 5.5 6.33 7 5.5 7z',
};

const ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const logoAt = (size: number) => LOGO.replace(/width="\d+" height="\d+"/, `width="${size}" height="${size}"`);

interface Icon {
  file: string;
  size: number;
  /** the page drawn, exactly size × size */
  html: string;
  /** transparent corners kept (purpose any); maskable and Apple icons are opaque squares */
  transparent: boolean;
}

function page(size: number, background: string, body: string) {
  return `<!doctype html><html><head><style>html,body{margin:0;width:${size}px;height:${size}px;overflow:hidden;background:${background}}
  body{display:grid;place-items:center}svg{display:block}</style></head><body>${body}</body></html>`;
}

function icons(): Icon[] {
  const list: Icon[] = [];
  for (const size of [192, 512]) {
    // 'any': the round logo edge to edge, on transparency.
    list.push({ file: `icon-${size}.png`, size, transparent: true, html: page(size, 'transparent', logoAt(size)) });
    // 'maskable': launchers may crop to anything outside the central circle of
    // 80 % diameter. The logo's bottle reaches 71 % of the logo's radius, so at
    // 90 % on its own brown it stays within 64 %: no shape cuts it.
    list.push({ file: `icon-maskable-${size}.png`, size, transparent: false, html: page(size, BRAND, logoAt(Math.round(size * 0.9))) });
  }
  // iOS fills transparency with black and rounds the corners itself.
  list.push({ file: 'apple-touch-icon-180.png', size: 180, transparent: false, html: page(180, BRAND, logoAt(162)) });
  for (const [name, d] of Object.entries(GLYPHS)) {
    const glyph = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="56" height="56"><path fill="#f3e3c0" d="${d}"/></svg>`;
    list.push({
      file: `shortcut-${name}-96.png`, size: 96, transparent: true,
      html: page(96, 'transparent', `<div style="width:96px;height:96px;border-radius:50%;background:${BRAND};display:grid;place-items:center">${glyph}</div>`),
    });
  }
  return list;
}

async function makeIcons(browser: Browser) {
  fs.mkdirSync(ICONS, { recursive: true });
  for (const icon of icons()) {
    const context = await browser.newContext({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const tab = await context.newPage();
    await tab.setContent(icon.html);
    await tab.screenshot({ path: path.join(ICONS, icon.file), omitBackground: icon.transparent });
    await context.close();
    console.log(`public/icons/${icon.file}`, fs.statSync(path.join(ICONS, icon.file)).size, 'bytes');
  }
}

/** The real home page, seeded, in both languages, at a phone's and a laptop's size. */
async function makeScreenshots(browser: Browser, shop: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const shots = [
    { name: 'home-narrow', width: 390, height: 844 },
    { name: 'home-wide', width: 1280, height: 800 },
  ];
  for (const lang of ['en', 'ar'] as const) {
    for (const shot of shots) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: 1,
        // No service worker: the shot shows the page, not an install in progress.
        serviceWorkers: 'block',
      });
      await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const tab = await context.newPage();
      await tab.goto(shop + '/', { waitUntil: 'networkidle' });
      await tab.getByRole('heading', { level: 1 }).waitFor();
      await tab.evaluate(() => document.fonts.ready);
      // Past the carousels' first slide transitions, so the shot is steady.
      await tab.waitForTimeout(800);
      const file = path.join(SCREENSHOTS, `${shot.name}-${lang}.jpg`);
      await tab.screenshot({ path: file, type: 'jpeg', quality: 78 });
      await context.close();
      console.log(path.relative(ROOT, file), fs.statSync(file).size, 'bytes');
    }
  }
}

async function main() {
  const [what = 'icons', shop = 'http://127.0.0.1:8080'] = process.argv.slice(2);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    if (what === 'icons' || what === 'all') await makeIcons(browser);
    if (what === 'screenshots' || what === 'all') await makeScreenshots(browser, shop.replace(/\/$/, ''));
  } finally {
    await browser.close();
  }
}

await main();
