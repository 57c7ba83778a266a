// The local storage keys of storefront-spec §1 and §3, spelled exactly.
export const KEYS = {
  token: 'userToken',
  lang: 'lang',
  cartCount: 'cart count',
  points: 'points',
} as const;

export type Lang = 'en' | 'ar';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app still works for this visit.
  }
}

export const storage = {
  lang: (): Lang => (read(KEYS.lang) === 'ar' ? 'ar' : 'en'),
  setLang: (lang: Lang) => write(KEYS.lang, lang),
  token: () => read(KEYS.token),
  setToken: (token: string | null) => write(KEYS.token, token),
  cartCount: () => Number(read(KEYS.cartCount) ?? 0) || 0,
  setCartCount: (n: number) => write(KEYS.cartCount, String(n)),
  /** Points are kept only when nonzero (spec §3). */
  setPoints: (n: number) => write(KEYS.points, n ? String(n) : null),
};
