// The back office's calls (/api/admin; shapes in server/contract/admin.ts): one query-options factory
// or mutation per call. Its answers live only in memory: nothing here is persisted (the shop's
// persister keeps shoppers' queries, src/lib/persist.ts, and is not used by the back office).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  AdminOrderDetail, AdminOrderRow, AuditEntry, ContactMessage, Customer, CustomerDetail, Dashboard, Meta,
} from '@contract/admin';
import type { ORDER_STATUSES, PAYMENT_STATUSES } from '@contract/checkout';
import type { ROLES } from '@contract/roles';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type DashboardData = Static<typeof Dashboard>;
export type OrderRow = Static<typeof AdminOrderRow>;
export type OrderDetail = Static<typeof AdminOrderDetail>;
export type Message = Static<typeof ContactMessage>;
export type CustomerRow = Static<typeof Customer>;
export type CustomerInfo = Static<typeof CustomerDetail>;
export type AuditRow = Static<typeof AuditEntry>;
export type PageMeta = Static<typeof Meta>;

export interface Me {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: (typeof ROLES)[number];
  must_change_password: boolean;
}

export interface OrdersFilter {
  status?: string;
  payment_status?: string;
  q?: string;
  from?: string;
  to?: string;
  page?: number;
}

const query = (params: Record<string, string | number | boolean | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** Keys: under ['admin'], with the token, so another account's answers are never shown. */
export const adminKeys = {
  all: (token: string | null) => ['admin', token] as const,
  me: (token: string | null, lang: Lang) => ['admin', token, 'me', lang] as const,
  dashboard: (token: string | null, lang: Lang) => ['admin', token, 'dashboard', lang] as const,
  orders: (token: string | null, lang: Lang, filter: OrdersFilter) => ['admin', token, 'orders', lang, filter] as const,
  order: (token: string | null, lang: Lang, number: string) => ['admin', token, 'order', number, lang] as const,
  messages: (token: string | null, lang: Lang, filter: MessagesFilter) => ['admin', token, 'messages', lang, filter] as const,
  customers: (token: string | null, lang: Lang, q: string, page: number) => ['admin', token, 'customers', lang, q, page] as const,
  customer: (token: string | null, lang: Lang, id: number) => ['admin', token, 'customer', id, lang] as const,
  audit: (token: string | null, lang: Lang, page: number) => ['admin', token, 'audit', lang, page] as const,
};

/** Who is signed in: the back office's guard reads the role and whether the password must change. */
export const meQuery = (token: string | null, lang: Lang) => queryOptions({
  queryKey: adminKeys.me(token, lang),
  queryFn: async ({ signal }) => (await request<{ user: Me }>('/user/profile', { lang, signal, handleUnauthorized: false })).data.user,
  enabled: token !== null,
  retry: false,
});

/**
 * How often the dashboard and the orders list are asked again while the tab is visible (TanStack
 * Query pauses the interval while it is hidden): new orders and reported transfers show up without a
 * reload, at the cost of one small query per open tab every 20 s.
 */
export const ADMIN_POLL_MS = 20_000;

export const dashboardQuery = (token: string | null, lang: Lang) => queryOptions({
  queryKey: adminKeys.dashboard(token, lang),
  refetchInterval: ADMIN_POLL_MS,
  queryFn: async ({ signal }) => (await request<DashboardData>('/admin/dashboard', { lang, signal })).data,
});

export const ordersQuery = (token: string | null, lang: Lang, filter: OrdersFilter) => queryOptions({
  queryKey: adminKeys.orders(token, lang, filter),
  queryFn: async ({ signal }) =>
    (await request<{ orders: OrderRow[]; meta: PageMeta }>(`/admin/orders${query({ ...filter })}`, { lang, signal })).data,
});

export const orderQuery = (token: string | null, lang: Lang, number: string) => queryOptions({
  queryKey: adminKeys.order(token, lang, number),
  queryFn: async ({ signal }) => (await request<{ order: OrderDetail }>(`/admin/orders/${encodeURIComponent(number)}`, { lang, signal })).data.order,
});

/** The inbox's filter: `handled` true for handled only, false for unread only, absent for all (unread first). */
export interface MessagesFilter { handled?: boolean; page: number }

export const messagesQuery = (token: string | null, lang: Lang, filter: MessagesFilter) => queryOptions({
  queryKey: adminKeys.messages(token, lang, filter),
  queryFn: async ({ signal }) =>
    (await request<{ messages: Message[]; meta: PageMeta }>(`/admin/messages${query({ ...filter })}`, { lang, signal })).data,
});

export const customersQuery = (token: string | null, lang: Lang, q: string, page: number) => queryOptions({
  queryKey: adminKeys.customers(token, lang, q, page),
  queryFn: async ({ signal }) =>
    (await request<{ customers: CustomerRow[]; meta: PageMeta }>(`/admin/customers${query({ q, page })}`, { lang, signal })).data,
});

export const customerQuery = (token: string | null, lang: Lang, id: number) => queryOptions({
  queryKey: adminKeys.customer(token, lang, id),
  queryFn: async ({ signal }) => (await request<{ customer: CustomerInfo }>(`/admin/customers/${id}`, { lang, signal })).data.customer,
});

export const auditQuery = (token: string | null, lang: Lang, page: number) => queryOptions({
  queryKey: adminKeys.audit(token, lang, page),
  queryFn: async ({ signal }) => (await request<{ entries: AuditRow[]; meta: PageMeta }>(`/admin/audit${query({ page })}`, { lang, signal })).data,
});

/** A change to the back office's data: its answer's message is shown, and every admin query is asked again. */
export function useAdminChange<Body>(token: string | null, lang: Lang, path: (body: Body) => string, payload: (body: Body) => unknown = (body) => body) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body) => (await request<unknown>(path(body), { lang, method: 'POST', body: payload(body) })).message,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all(token) }),
  });
}

/** One write of the owner's: where it goes, how, and what it carries. */
export interface AdminWrite { method: 'POST' | 'PUT'; path: string; body?: unknown }

/**
 * A write whose answer the screen reads (the server's message and data: a saved coupon, a new
 * member's one-time password); a refusal rejects with its ApiError, fields named. Every admin
 * query is asked again after it.
 */
export function useAdminWrite<Vars, Data>(token: string | null, lang: Lang, write: (vars: Vars) => AdminWrite) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (vars: Vars) => {
      const { method, path, body } = write(vars);
      const answer = await request<Data>(path, { lang, method, body });
      return { message: answer.message, data: answer.data };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all(token) }),
  });
}

export function changePassword(lang: Lang, body: { current_password: string; password: string; password_confirmation: string }) {
  return request<null>('/user/change-password', { lang, method: 'POST', body, handleUnauthorized: false });
}
