import { useLayoutEffect, useRef } from 'react';
import { htmlKey, sanitizeOnServer, setShopHtml } from '@/lib/shop-html';

const NOTHING = { __html: '' };

/**
 * The shop's HTML (overview, description, footer, about), sanitized before it
 * shows (src/lib/shop-html.ts). The server renders it sanitized, marked with
 * its fingerprint; the browser keeps that markup while the HTML is the same,
 * and otherwise puts it in itself, sanitized, before the paint where it can
 * (Element.setHTML) or once DOMPurify has come. React never writes the HTML:
 * it renders an empty element and leaves its content alone.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const key = htmlKey(html);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || element.dataset.html === key) return;
    let current = true;
    element.replaceChildren();
    delete element.dataset.html;
    setShopHtml(element, html, () => current).then(
      (put) => { if (put) element.dataset.html = key; },
      (error: unknown) => console.warn('the shop\'s text could not be sanitized here', error),
    );
    return () => { current = false; };
  }, [html, key]);
  if (typeof document === 'undefined') {
    return <div className={className} data-html={key} dangerouslySetInnerHTML={{ __html: sanitizeOnServer(html) }} />;
  }
  return <div ref={ref} className={className} suppressHydrationWarning dangerouslySetInnerHTML={NOTHING} />;
}
