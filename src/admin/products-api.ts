// The owner's catalog calls (/api/admin/products, /api/admin/gifts; shapes in
// server/contract/admin-products.ts): the list, one product, its writes, and the
// catalog as CSV, which goes through fetch itself (a file, not JSON) with the
// same token and language.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type { Static } from 'typebox';
import type { AdminProduct, AdminProductBody, GiftRow, ImportResult } from '@contract/admin-products';
import { ApiError, request } from '@/lib/api-client';
import { storage, type Lang } from '@/lib/storage';
import { adminKeys, type PageMeta } from './api';

export type Product = Static<typeof AdminProduct>;
export type ProductBody = Static<typeof AdminProductBody>;
export type Gift = Static<typeof GiftRow>;
export type ImportOutcome = Static<typeof ImportResult>;

export interface ProductsFilter {
  q?: string;
  category_id?: number;
  /** 'true' archived only, 'false' on sale only (the list's default), 'all' both */
  archived?: 'true' | 'false' | 'all';
  low_stock?: boolean;
  page?: number;
}

export interface CategoryOption { id: number; name: string }

const search = (params: Record<string, string | number | boolean | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '' && value !== false) query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
};

export const productKeys = {
  list: (token: string | null, lang: Lang, filter: ProductsFilter) => [...adminKeys.all(token), 'products', lang, filter] as const,
  one: (token: string | null, lang: Lang, id: number) => [...adminKeys.all(token), 'product', id, lang] as const,
  gifts: (token: string | null) => [...adminKeys.all(token), 'gifts'] as const,
  categories: (token: string | null, lang: Lang) => [...adminKeys.all(token), 'categories', lang] as const,
};

export const productsQuery = (token: string | null, lang: Lang, filter: ProductsFilter) => queryOptions({
  queryKey: productKeys.list(token, lang, filter),
  queryFn: async ({ signal }) => {
    const { archived = 'false', ...rest } = filter;
    const path = `/admin/products${search({ ...rest, archived: archived === 'all' ? undefined : archived })}`;
    return (await request<{ products: Product[]; meta: PageMeta }>(path, { lang, signal })).data;
  },
});

export const productQuery = (token: string | null, lang: Lang, id: number) => queryOptions({
  queryKey: productKeys.one(token, lang, id),
  queryFn: async ({ signal }) => (await request<{ product: Product }>(`/admin/products/${id}`, { lang, signal })).data.product,
});

export const giftsQuery = (token: string | null) => queryOptions({
  queryKey: productKeys.gifts(token),
  staleTime: 5 * 60_000,
  queryFn: async ({ signal }) => (await request<{ gifts: Gift[] }>('/admin/gifts', { lang: 'en', signal })).data.gifts,
});

/** The shop's categories, named in the owner's language (the shop's own list). */
export const categoriesQuery = (token: string | null, lang: Lang) => queryOptions({
  queryKey: productKeys.categories(token, lang),
  staleTime: 5 * 60_000,
  queryFn: async ({ signal }) => (await request<CategoryOption[]>('/categories', { lang, signal, anonymous: true })).data,
});

/** Saves the product (a new one when `id` is null): answers the server's message and the product as saved. */
export function useSaveProduct(token: string | null, lang: Lang) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: ProductBody }) => {
      const answer = await request<{ product: Product }>(id === null ? '/admin/products' : `/admin/products/${id}`, { lang, method: id === null ? 'POST' : 'PUT', body });
      return { message: answer.message, product: answer.data.product };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all(token) }),
  });
}

export function useArchiveProduct(token: string | null, lang: Lang) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, archived }: { id: number; archived: boolean }) =>
      (await request<{ product: Product }>(`/admin/products/${id}/archive`, { lang, method: 'POST', body: { archived } })).message,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all(token) }),
  });
}

const API = `${import.meta.env.VITE_API_HOST ?? ''}/api`;

async function failure(res: Response): Promise<ApiError> {
  const body = await res.json().catch(() => ({})) as { message?: string; errors?: Record<string, string[]>; data?: ImportOutcome };
  return new ApiError(res.status, body.message ?? t`Something went wrong. Please try again.`, body.errors ?? {}, Boolean(body.message));
}

/** The whole catalog as a CSV file, saved through a link to its blob (the call needs the token, so a plain link cannot fetch it). */
export async function downloadCatalog(lang: Lang): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${API}/admin/products/export`, { headers: { lang, authorization: `Bearer ${storage.token() ?? ''}` } });
  } catch {
    throw new ApiError(0, t`No connection. Check your internet and try again.`);
  }
  if (!res.ok) throw await failure(res);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'attar-products.csv';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Sends the file's bytes as they are (the server refuses what is not UTF-8); a dry run only checks. Answers the message and the outcome, a refused import's too. */
export async function importCatalog(file: Blob, lang: Lang, dryRun: boolean): Promise<{ ok: boolean; message: string; outcome: ImportOutcome | null }> {
  let res: Response;
  try {
    res = await fetch(`${API}/admin/products/import${dryRun ? '?dry_run=true' : ''}`, {
      method: 'POST',
      headers: { lang, authorization: `Bearer ${storage.token() ?? ''}`, 'content-type': 'text/csv; charset=utf-8' },
      body: await file.arrayBuffer(),
    });
  } catch {
    throw new ApiError(0, t`No connection. Check your internet and try again.`);
  }
  const body = await res.json().catch(() => ({})) as { message?: string; data?: ImportOutcome; errors?: Record<string, string[]> };
  if (res.ok || (res.status === 422 && body.data)) return { ok: res.ok, message: body.message ?? '', outcome: body.data ?? null };
  throw new ApiError(res.status, body.message ?? t`Something went wrong. Please try again.`, body.errors ?? {}, Boolean(body.message));
}

