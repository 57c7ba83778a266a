// Puts the boot script inline in index.html: it must run before the first paint, and as a file the paint waited a round trip for it.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const FILE = path.resolve(import.meta.dirname, '../../src/boot.js');

/**
 * src/boot.js in index.html itself, where `<script src="/boot.js">` stood.
 * The server's CSP allows exactly this script by its hash, taken from the
 * built index.html (server/plugins/external/security-headers.ts).
 */
export function inlineBoot(): Plugin {
  return {
    name: 'attar:inline-boot',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const source = fs.readFileSync(FILE, 'utf8');
        if (/<\/script/i.test(source)) throw new Error('src/boot.js must not contain a closing script tag');
        return html.replace('<script src="/boot.js"></script>', () => `<script data-boot>${source}</script>`);
      },
    },
  };
}
