// The local storage keys, spelled exactly as the shop has always kept them: a shopper's
// stored token, language and cart count survive an update.
export const KEYS = {
  token: 'userToken',
  lang: 'lang',
  cartCount: 'cart count',
  points: 'points',
  /** the signed-in account's role (shopper, staff, owner): whether the account menu offers the back office */
  role: 'user role',
} as const;

import { langCookie, type Lang } from '@contract/lang';
import { ROLES } from '@contract/roles';

export type Role = (typeof ROLES)[number];

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

/** The shopper's language as stored: English unless they chose Arabic. */
export const storedLang = (): Lang => (read(KEYS.lang) === 'ar' ? 'ar' : 'en');

/**
 * Keeps the language in the `lang` cookie too: the server renders a first
 * screen in the cookie's language (server/plugins/external/storefront-render.ts).
 * The boot script sets it on each load, the app when the shopper switches.
 */
export function keepLangCookie(lang: Lang) {
  try {
    document.cookie = langCookie(lang);
  } catch {
    // no document (the server's render): nothing to keep
  }
}

export const storage = {
  lang: storedLang,
  setLang: (lang: Lang) => {
    write(KEYS.lang, lang);
    keepLangCookie(lang);
  },
  token: () => read(KEYS.token),
  setToken: (token: string | null) => write(KEYS.token, token),
  /** The stored role, or null when none (or an unknown one) is kept. */
  role: (): Role | null => {
    const value = read(KEYS.role);
    return (ROLES as readonly string[]).includes(value ?? '') ? (value as Role) : null;
  },
  setRole: (role: Role | null) => write(KEYS.role, role),
  cartCount: () => Number(read(KEYS.cartCount) ?? 0) || 0,
  setCartCount: (n: number) => write(KEYS.cartCount, String(n)),
  /** Points are kept only when nonzero. */
  setPoints: (n: number) => write(KEYS.points, n ? String(n) : null),
};
