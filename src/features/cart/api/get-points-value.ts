import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import type { PointsValue } from '../../../../server/contract/cart';

export type PointsWorth = Static<typeof PointsValue>;

/**
 * GET /usepoint: what the whole balance is worth (`{ price, points }`); 422
 * `not can use point` under 1000 points. Asked afresh each time the points
 * dialog opens (spec §4), so nothing is kept once the dialog is gone.
 */
export const pointsValueQuery = (lang: Lang, token: string | null) =>
  queryOptions({
    queryKey: ['points-value', lang, token],
    queryFn: async ({ signal }) => (await request<PointsWorth>('/usepoint', { signal })).data,
    enabled: token !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
