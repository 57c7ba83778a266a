import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { readStored, writeStored } from '@/lib/storage';

const KEY = 'attar-scroll';
/** Where the shopper had scrolled to on each history entry of this tab, by the router's location key. */
let positions: Record<string, number> | undefined;
const saved = () => (positions ??= parse(readStored(KEY, 'session')));

function parse(text: string | null): Record<string, number> {
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * What the data router's ScrollRestoration did, for the declarative router:
 * a new page starts at the top (or at its #anchor), Back and Forward return
 * to where the shopper was, also after a reload of the tab. Positions are
 * noted as the shopper scrolls, because by the time the next screen renders
 * the old one's height (and so its scroll) is gone.
 */
export function useScrollRestoration() {
  const { key, hash } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const store = () => writeStored(KEY, JSON.stringify(saved()), 'session');
    window.addEventListener('pagehide', store);
    return () => window.removeEventListener('pagehide', store);
  }, []);

  useEffect(() => {
    let frame = 0;
    const note = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        saved()[key] = window.scrollY;
      });
    };
    window.addEventListener('scroll', note, { passive: true });
    return () => {
      window.removeEventListener('scroll', note);
      cancelAnimationFrame(frame);
    };
  }, [key]);

  useLayoutEffect(() => {
    // Taking over the server's page (inert until the app's first commit is done): where the
    // shopper has scrolled it to stays.
    if (type !== 'PUSH' && document.getElementById('root')?.hasAttribute('inert')) return;
    const y = saved()[key];
    if (type === 'POP' && y !== undefined) {
      window.scrollTo(0, y);
    } else if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [key, hash, type]);
}
