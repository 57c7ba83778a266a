import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { KEYS, storage, type Lang, type Role } from './storage';
import { formatNumber } from './money';

interface SessionState {
  token: string | null;
  signedIn: boolean;
  /**
   * `why` 'expired': the server refused the token (a 401), so the shopper was
   * signed in a moment ago and goes to sign-in rather than home (guards.tsx).
   */
  setToken(token: string | null, why?: 'expired'): void;
  /**
   * The account's role as the last sign-in or profile said it (only the menu's
   * "Back office" link reads it; the server checks the role on every
   * /api/admin request: docs/rules.md, "Back office: roles and the audit").
   * Cleared with the token.
   */
  role: Role | null;
  setRole(role: Role | null): void;
  /** the last token was refused by the server on this page, and none has come since */
  expired: boolean;
  /** units in the cart: the badge, mirrored in localStorage `cart count` */
  cartCount: number;
  setCartCount(n: number): void;
}

const SessionContext = createContext<SessionState | null>(null);

/** Signed in or out is the presence of the token. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setTokenState] = useState<string | null>(() => storage.token());
  const [cartCount, setCount] = useState<number>(() => storage.cartCount());
  const [role, setRoleState] = useState<Role | null>(() => (storage.token() === null ? null : storage.role()));
  const [expired, setExpired] = useState(false);
  const setRole = useCallback((next: Role | null) => {
    storage.setRole(next);
    setRoleState(next);
  }, []);
  const setToken = useCallback((next: string | null, why?: 'expired') => {
    storage.setToken(next);
    setTokenState(next);
    if (next === null) setRole(null);
    setExpired(next === null && why === 'expired');
  }, [setRole]);
  const setCartCount = useCallback((n: number) => {
    storage.setCartCount(n);
    setCount(n);
  }, []);
  // Another tab signed in or out, or moved the badge: this one follows (it only reads; the other tab wrote).
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.storageArea !== null && event.storageArea !== localStorage) return;
      if (event.key === null || event.key === KEYS.token) {
        // Another tab's sign-in or log-out: whatever this tab's token met before no longer applies.
        setTokenState(storage.token());
        setExpired(false);
      }
      if (event.key === null || event.key === KEYS.role || event.key === KEYS.token) setRoleState(storage.token() === null ? null : storage.role());
      if (event.key === null || event.key === KEYS.cartCount) setCount(storage.cartCount());
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, []);
  const value = useMemo(
    () => ({ token, signedIn: token !== null, setToken, role, setRole, expired, cartCount, setCartCount }),
    [token, setToken, role, setRole, expired, cartCount, setCartCount],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}

/** The badge text: '99+' above 99, in the language's digits. */
export function badgeText(count: number, lang: Lang = 'en'): string | null {
  if (count <= 0) return null;
  return count > 99 ? `${formatNumber(99, lang)}+` : formatNumber(count, lang);
}
