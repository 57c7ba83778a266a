// Renders the back office (src/admin) in its own providers and a memory router, as /admin/… would,
// with its catalogs loaded; and the answers its tests give.
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminApp, AdminProviders, makeAdminQueryClient } from '@/admin/app';
import { loadAdminCatalogs } from '@/admin/i18n';
import { storage } from '@/lib/storage';

await Promise.all([loadAdminCatalogs('en'), loadAdminCatalogs('ar')]);

export function renderAdmin(route = '/', { token = 'staff-token' as string | null } = {}) {
  if (token) storage.setToken(token);
  const queryClient = makeAdminQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return render(
    <AdminProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <AdminApp />
      </MemoryRouter>
    </AdminProviders>,
  );
}

export const ok = (data: unknown) => ({ body: { status: 200, message: 'Done.', data } });

export const me = (role: 'shopper' | 'staff' | 'owner', must_change_password = false) => ok({
  user: { id: 1, first_name: 'Mona', last_name: 'Adel', email: 'mona@attar.eg', phone: '01012345678', birth_date: '1990-01-01', points: 0, role, must_change_password },
});

export const dashboard = ok({
  today: { day: '2026-11-26', orders: 3, revenue: 1250 },
  by_status: { pending: 2, confirmed: 1, 'on the way': 0, 'out for delivery': 0, delivered: 4, cancelled: 1 },
  awaiting_payment: 1, payment_reported: 1, unread_messages: 2, failed_mails: null, low_stock: [],
});

export const orderRow = (id: number, number: string, extra: Record<string, unknown> = {}) => ({
  id, number, created_at: '2026-11-26T10:00:00.000Z', status: 'pending', total: 450, items_count: 2, payment: 'delivery',
  payment_status: 'unpaid', shiping: 'free', delivery_date: '2026-11-29', customer: { name: 'Sara Mahmoud', phone: '01098765432' },
  governorate: 'giza', ...extra,
});

export const orderDetail = (extra: Record<string, unknown> = {}) => ({
  ...orderRow(7, 'ATR-10007'),
  items: [{ product_id: 3, name: 'Oud Royal', image: '/media/p3.jpg', price: 200, qty: 2, smell: ['Rose', 'Amber'], gift: 'Mini musk' }],
  address: { title: 'Home', address: '12 Nile St', phone: '01098765432', city: 'Dokki', government: 'giza' },
  username: 'Sara Mahmoud', phone: '01098765432', subtotal: 400, coupon: null, coupon_discount: 0, points_used: 0, points_discount: 0,
  points_earned: 4, shipping_fee: 50, wallet_phone: '01000000000', payment_sender_phone: null, payment_reference: null,
  lang: 'en', paid_at: null,
  customer: { id: 5, name: 'Sara Mahmoud', email: 'sara@example.com', phone: '01098765432', earlier_orders: 3, earlier_cancelled: 1, earlier_delivered: 2 },
  notes: [], status_history: [{ status: 'pending', at: '2026-11-26T10:00:00.000Z', reason: null, by: null }],
  next_statuses: ['confirmed', 'cancelled'],
  whatsapp: { phone: '201098765432', text: 'Hello', url: 'https://wa.me/201098765432?text=Hello' },
  ...extra,
});
