// The owner's settings and staff calls (/api/admin/settings, /api/admin/staff; shapes in
// server/contract/admin-settings.ts). In memory only, like every back-office query (./api.ts).
import { queryOptions } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { SettingsBody, ShopSettings, StaffAdded, StaffMember } from '@contract/admin-settings';
import { request } from '@/lib/api-client';
import type { Lang } from '@/lib/storage';
import { adminKeys, useAdminWrite } from './api';

export type SettingsData = Static<typeof ShopSettings>;
export type SettingsChange = Static<typeof SettingsBody>;
export type StaffRow = Static<typeof StaffMember>;
export type StaffAddedData = Static<typeof StaffAdded>;
export type StaffRole = StaffRow['role'];

export const settingsKeys = {
  settings: (token: string | null, lang: Lang) => [...adminKeys.all(token), 'settings', lang] as const,
  staff: (token: string | null, lang: Lang) => [...adminKeys.all(token), 'staff', lang] as const,
};

export const settingsQuery = (token: string | null, lang: Lang) => queryOptions({
  queryKey: settingsKeys.settings(token, lang),
  queryFn: async ({ signal }) => (await request<{ settings: SettingsData }>('/admin/settings', { lang, signal })).data.settings,
});

export const staffQuery = (token: string | null, lang: Lang) => queryOptions({
  queryKey: settingsKeys.staff(token, lang),
  queryFn: async ({ signal }) => (await request<{ staff: StaffRow[] }>('/admin/staff', { lang, signal })).data.staff,
});


/** PUT /admin/settings: the fields sent change; the answer is the settings as they are now. */
export const useSaveSettings = (token: string | null, lang: Lang) =>
  useAdminWrite<SettingsChange, { settings: SettingsData }>(token, lang, (body) => ({ path: '/admin/settings', method: 'PUT', body }));

/** POST /admin/staff: a new member's one-time password is in the answer, once. */
export const useAddStaff = (token: string | null, lang: Lang) =>
  useAdminWrite<{ email: string; name: string; role: StaffRole }, StaffAddedData>(token, lang, (body) => ({ path: '/admin/staff', method: 'POST', body }));

export const useSetRole = (token: string | null, lang: Lang) =>
  useAdminWrite<{ id: number; role: StaffRole }, { member: StaffRow }>(token, lang, ({ id, role }) => ({ path: `/admin/staff/${id}`, method: 'PUT', body: { role } }));

export const useRemoveStaff = (token: string | null, lang: Lang) =>
  useAdminWrite<{ id: number }, { member: StaffRow }>(token, lang, ({ id }) => ({ path: `/admin/staff/${id}/remove`, method: 'POST' }));
