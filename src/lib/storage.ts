// The local storage keys of storefront-spec §1 and §3, spelled exactly.
export const KEYS = {
  token: 'userToken',
  lang: 'lang',
  cartCount: 'cart count',
  points: 'points',
} as const;

import type { Lang } from '@contract/lang';

export type { Lang };

type Area = 'local' | 'session';

const area = (where: Area) => (where === 'local' ? localStorage : sessionStorage);

/** A stored value, or null where storage is refused (private mode, a sandboxed frame). */
export function readStored(key: string, where: Area = 'local'): string | null {
  try {
    return area(where).getItem(key);
  } catch {
    return null;
  }
}

/** Stores a value (null removes it); a refused or full storage only costs this visit its memory. */
export function writeStored(key: string, value: string | null, where: Area = 'local') {
  try {
    if (value === null) area(where).removeItem(key);
    else area(where).setItem(key, value);
  } catch {
    // Private mode or a full quota: the app still works for this visit.
  }
}

const read = (key: string) => readStored(key);
const write = (key: string, value: string | null) => writeStored(key, value);

export const storage = {
  lang: (): Lang => (read(KEYS.lang) === 'ar' ? 'ar' : 'en'),
  setLang: (lang: Lang) => {
    write(KEYS.lang, lang);
    // The server renders a first screen in the cookie's language (src/boot.js sets it on each load too).
    try {
      document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
    } catch {
      // no document (the server's render): nothing to keep
    }
  },
  token: () => read(KEYS.token),
  setToken: (token: string | null) => write(KEYS.token, token),
  cartCount: () => Number(read(KEYS.cartCount) ?? 0) || 0,
  setCartCount: (n: number) => write(KEYS.cartCount, String(n)),
  /** Points are kept only when nonzero (spec §3). */
  setPoints: (n: number) => write(KEYS.points, n ? String(n) : null),
};
