/**
 * `placeholderData` for a shopper's own query: while a new key loads (the
 * language switched, another page) the previous answer stays on screen, so a
 * form built from it keeps what was typed, but never another shopper's
 * answer (the token is part of every such key).
 */
export function keepShoppersPrevious(token: string | null) {
  return <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }): T | undefined =>
    token !== null && previousQuery?.queryKey.includes(token) ? previous : undefined;
}
