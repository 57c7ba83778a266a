// The shop's HTML (descriptions, the footer, about) in the server's render of a page
// (src/entry-server.tsx): sanitized there as in the browser, and never passed through raw.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { JSDOM } from 'jsdom';

const HOSTILE = '<p>Oud <b>royal</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">link</a>';

describe('SafeHtml\'s sanitizer where there is no browser', () => {
  // A fresh module each time: the window given to one test is not another's.
  beforeEach(() => vi.resetModules());

  it('renders nothing until it has a window: DOMPurify alone would hand the HTML back as it came', async () => {
    const { sanitizeHtml } = await import('../../src/components/safe-html.tsx');
    expect(sanitizeHtml(HOSTILE)).toBe('');
  });

  it('with jsdom\'s window, keeps the text and the markup and drops scripts, handlers and javascript: links', async () => {
    const { sanitizeHtml, sanitizeIn } = await import('../../src/components/safe-html.tsx');
    sanitizeIn(new JSDOM('').window as unknown as Parameters<typeof sanitizeIn>[0]);
    const clean = sanitizeHtml(HOSTILE);
    expect(clean).toContain('<p>Oud <b>royal</b></p>');
    expect(clean).not.toMatch(/onerror|<script|javascript:|alert/);
  });
});
