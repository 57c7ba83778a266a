// The `lang` header of every call is the language its query key holds (or its
// change was made in), never the page's current language read at send time:
// an answer is filed under the language it is in.
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AppProvider, makeQueryClient } from '@/app/provider';
import { activateLanguage, activeLang, loadCatalog } from '@/lib/i18n';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import { productsQuery } from '@/features/catalog/api/get-products';
import { categoryProductsQuery } from '@/features/catalog/api/get-category-products';
import { offersQuery } from '@/features/catalog/api/get-offers';
import { categoriesQuery } from '@/features/catalog/api/get-categories';
import { homeQuery } from '@/features/catalog/api/get-home';
import { orderQuery } from '@/features/orders/api/get-order';
import { allOrdersQuery, ordersQuery } from '@/features/orders/api/get-orders';
import { profileQuery } from '@/features/account/api/get-profile';
import { footerQuery } from '@/features/content/api/get-footer';
import { aboutQuery } from '@/features/content/api/get-about';
import { pointsValueQuery } from '@/features/cart/api/get-points-value';
import { cartQuery } from '@/features/cart/api/get-cart';
import { productQuery } from '@/features/product/api/get-product';
import { addressesQuery } from '@/features/address/api/get-addresses';
import { wishlistQuery } from '@/features/wishlist/api/get-wishlist';
import { useApplyPoints } from '@/features/cart/api/apply-points';
import { useSignIn } from '@/features/auth/api/sign-in';

const TOKEN = 'token-123456789012345';

/** Every call's path and `lang` header; each answered 200 with an empty cart-like body. */
function recordCalls() {
  const calls: { path: string; lang: string }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ path: new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, ''), lang: (init?.headers as Record<string, string>).lang });
    return new Response(JSON.stringify({ status: 200, message: 'ok', data: { card_count: 0, product_in_card: [] } }), { status: 200 });
  }));
  return calls;
}

beforeEach(async () => {
  await Promise.all([loadCatalog('en'), loadCatalog('ar')]);
  activateLanguage('en');
});

afterEach(() => {
  activateLanguage('en');
  vi.unstubAllGlobals();
});

describe('a call\'s language', () => {
  it('is the one given, whatever the messages are in, and no header overrides it', async () => {
    const calls = recordCalls();
    expect(activeLang()).toBe('en');
    await request('/home', { lang: 'ar' });
    await request('/home', { lang: 'ar', headers: { lang: 'en' } });
    expect(calls).toEqual([{ path: '/home', lang: 'ar' }, { path: '/home', lang: 'ar' }]);
  });

  it('is, for every query, the language its key holds', async () => {
    localStorage.setItem('userToken', TOKEN);
    const factories: Record<string, (lang: Lang) => { queryKey: readonly unknown[] }> = {
      products: (lang) => productsQuery({}, lang),
      categoryProducts: (lang) => categoryProductsQuery(3, {}, lang),
      offers: (lang) => offersQuery({}, lang),
      categories: (lang) => categoriesQuery(lang),
      home: (lang) => homeQuery(lang),
      order: (lang) => orderQuery(4, lang, TOKEN),
      orders: (lang) => ordersQuery(1, lang, TOKEN),
      profile: (lang) => profileQuery(lang, TOKEN),
      footer: (lang) => footerQuery(lang),
      about: (lang) => aboutQuery(lang),
      pointsValue: (lang) => pointsValueQuery(lang, TOKEN),
      cart: (lang) => cartQuery(lang, TOKEN),
      product: (lang) => productQuery(7, lang),
      addresses: (lang) => addressesQuery(lang, TOKEN),
      wishlist: (lang) => wishlistQuery(lang, TOKEN),
    };
    for (const [name, factory] of Object.entries(factories)) {
      for (const lang of ['ar', 'en'] as const) {
        const calls = recordCalls();
        const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
        const options = factory(lang);
        expect(options.queryKey, name).toContain(lang);
        await client.fetchQuery(options as Parameters<QueryClient['fetchQuery']>[0]).catch(() => undefined);
        expect(calls.map((call) => call.lang), `${name} in ${lang}`).toEqual([lang]);
      }
    }
    const calls = recordCalls();
    await new QueryClient().fetchInfiniteQuery(allOrdersQuery('ar', TOKEN)).catch(() => undefined);
    expect(calls).toEqual([{ path: '/orders', lang: 'ar' }]);
  });

  it('is, for a change, the shopper\'s language when they made it, and its answer is filed under it', async () => {
    localStorage.setItem('userToken', TOKEN);
    const queryClient = makeQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <AppProvider queryClient={queryClient} persister={null} lang="ar">{children}</AppProvider>;
    const { result } = renderHook(() => ({ points: useApplyPoints(), signIn: useSignIn() }), { wrapper });
    // The messages' language, a global, says otherwise: it is not what the calls read.
    act(() => activateLanguage('en'));
    const calls = recordCalls();
    await act(() => result.current.points.mutateAsync());
    await act(() => result.current.signIn.mutateAsync({ login: 'a@b.eg', password: 'secret' }).catch(() => undefined));
    expect(calls).toEqual([{ path: '/usepoint/done', lang: 'ar' }, { path: '/user/login', lang: 'ar' }]);
    await waitFor(() => expect(queryClient.getQueryData(cartQuery('ar', TOKEN).queryKey)).toMatchObject({ card_count: 0 }));
    expect(queryClient.getQueryData(cartQuery('en', TOKEN).queryKey)).toBeUndefined();
  });
});
