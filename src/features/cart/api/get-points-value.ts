import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { ApiError, request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { PointsValue } from '@contract/cart';

export type PointsWorth = Static<typeof PointsValue>;

/**
 * GET /usepoint: what the whole balance is worth (`{ price, points }`); 422
 * `not can use point` under 1000 points. Asked afresh each time the points
 * dialog opens, so nothing is kept once the dialog is gone.
 */
export const pointsValueQuery = (lang: Lang, token: string | null) =>
  queryOptions({
    queryKey: ['points-value', lang, token],
    queryFn: async ({ signal }) => (await request<PointsWorth>('/usepoint', { signal, lang })).data,
    enabled: token !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/**
 * The server's own words for "fewer than 1000 points" (`points_not_enough` in
 * server/i18n/messages.ts): English as it is, Arabic up to its `{min}`. They
 * tell that refusal apart from the other 422s of `/usepoint/done` (an empty
 * cart); tests/storefront/cart.test.tsx checks they still match the server's.
 */
export const POINTS_SHORTFALL_TEXTS = { en: 'not can use point', arPrefix: 'لا يمكن استخدام النقاط' } as const;

/** A 422 that means the shopper has too few points (not any other refusal). */
export function isPointsShortfall(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.fromServer) return false;
  return error.message === POINTS_SHORTFALL_TEXTS.en || error.message.startsWith(POINTS_SHORTFALL_TEXTS.arPrefix);
}
