// The shop's HTML (descriptions, the footer, about) in the server's render of a page
// (src/entry-server.tsx): sanitized there as in the browser, and never passed through raw.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JSDOM } from 'jsdom';

const HOSTILE = '<p>Oud <b>royal</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">link</a>';

describe('SafeHtml\'s sanitizer where there is no browser', () => {
  // A fresh module each time: the window given to one test is not another's.
  beforeEach(() => vi.resetModules());

  it('renders nothing until it has a window: DOMPurify alone would hand the HTML back as it came', async () => {
    const { sanitizeOnServer } = await import('../../src/lib/shop-html.ts');
    const { purify } = await import('../../src/lib/shop-html-purify.ts');
    expect(sanitizeOnServer(HOSTILE)).toBe('');
    expect(purify(HOSTILE)).toBe('');
  });

  it('with jsdom\'s window, keeps the text and the markup and drops scripts, handlers and javascript: links', async () => {
    const { sanitizeOnServer, sanitizeOnServerWith } = await import('../../src/lib/shop-html.ts');
    const { purify, purifyIn } = await import('../../src/lib/shop-html-purify.ts');
    purifyIn(new JSDOM('').window as unknown as Parameters<typeof purifyIn>[0]);
    sanitizeOnServerWith(purify);
    const clean = sanitizeOnServer(HOSTILE);
    expect(clean).toContain('<p>Oud <b>royal</b></p>');
    expect(clean).not.toMatch(/onerror|<script|javascript:|alert/);
  });
});
