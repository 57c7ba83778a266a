// The owner's shop data in the back office: categories, coupons and the shop's texts (shapes in
// server/contract/admin-categories.ts, admin-coupons.ts, admin-content.ts). Queries under the back
// office's keys. Their writes go through api.ts's useAdminWrite.
import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { AdminCategory, CategoriesAnswer, CategoryBody } from '@contract/admin-categories';
import type { AdminCoupon, CouponBody } from '@contract/admin-coupons';
import type { AdminContent } from '@contract/admin-content';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import { adminKeys } from './api';

export type CategoryRow = Static<typeof AdminCategory>;
export type CategoriesData = Static<typeof CategoriesAnswer>;
export type CategoryInput = Static<typeof CategoryBody>;
export type CouponRow = Static<typeof AdminCoupon>;
export type CouponInput = Static<typeof CouponBody>;
export type ContentData = Static<typeof AdminContent>;

export const shopDataKeys = {
  categories: (token: string | null, lang: Lang) => [...adminKeys.all(token), 'categories', lang] as const,
  coupons: (token: string | null, lang: Lang) => [...adminKeys.all(token), 'coupons', lang] as const,
  content: (token: string | null, lang: Lang) => [...adminKeys.all(token), 'content', lang] as const,
};

export const categoriesQuery = (token: string | null, lang: Lang) => queryOptions({
  queryKey: shopDataKeys.categories(token, lang),
  queryFn: async ({ signal }) => (await request<CategoriesData>('/admin/categories', { lang, signal })).data,
});

export const couponsQuery = (token: string | null, lang: Lang) => queryOptions({
  queryKey: shopDataKeys.coupons(token, lang),
  queryFn: async ({ signal }) => (await request<{ coupons: CouponRow[] }>('/admin/coupons', { lang, signal })).data.coupons,
});

export const contentQuery = (token: string | null, lang: Lang) => queryOptions({
  queryKey: shopDataKeys.content(token, lang),
  queryFn: async ({ signal }) => (await request<{ content: ContentData }>('/admin/content', { lang, signal })).data.content,
});
