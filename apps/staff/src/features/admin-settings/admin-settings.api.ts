import type {
  AdminCurrency,
  AdminSetting,
  AdminZoneList,
  SettingChange,
} from '@mandado/shared/admin-settings.schemas';
import { apiDelete, apiGet, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** The settings screen's calls (issue 19): /v1/admin/settings/, /v1/admin/currencies/, /v1/admin/zones/. */

export const SETTINGS_KEY = ['admin', 'settings'] as const;
export const CURRENCIES_KEY = ['admin', 'currencies'] as const;
export const ZONES_KEY = ['admin', 'zones'] as const;

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: SETTINGS_KEY,
    queryFn: async ({ signal }) =>
      (await apiGet<{ results: AdminSetting[] }>('/admin/settings/', signal)).results,
    // Another operator may change one meanwhile: each visit asks again.
    staleTime: 0,
  });
}

export function settingHistoryQueryOptions(key: string) {
  return queryOptions({
    queryKey: [...SETTINGS_KEY, key, 'history'] as const,
    queryFn: async ({ signal }) =>
      (await apiGet<{ results: SettingChange[] }>(`/admin/settings/${segment(key)}/history/`, signal))
        .results,
    staleTime: 0,
  });
}

/** 200 with the setting as stored; 400 `{ value: [reason] }` when the registry refuses it. */
export function saveSetting(key: string, value: string): Promise<AdminSetting> {
  return apiPut<AdminSetting>(`/admin/settings/${segment(key)}/`, { value });
}

export function currenciesQueryOptions() {
  return queryOptions({
    queryKey: CURRENCIES_KEY,
    queryFn: async ({ signal }) =>
      (await apiGet<{ results: AdminCurrency[] }>('/admin/currencies/', signal)).results,
    staleTime: 0,
  });
}

export async function setOverride(code: string, rate: string): Promise<AdminCurrency[]> {
  return (
    await apiPut<{ results: AdminCurrency[] }>(`/admin/currencies/${segment(code)}/override/`, { rate })
  ).results;
}

export async function removeOverride(code: string): Promise<AdminCurrency[]> {
  return (await apiDelete<{ results: AdminCurrency[] }>(`/admin/currencies/${segment(code)}/override/`))
    .results;
}

export function zonesQueryOptions() {
  return queryOptions({
    queryKey: ZONES_KEY,
    queryFn: ({ signal }) => apiGet<AdminZoneList>('/admin/zones/', signal),
    staleTime: 0,
  });
}

/** The parsed GeoJSON; 400 `{ detail }` naming the zone the server refused. */
export function uploadZones(geojson: unknown): Promise<AdminZoneList> {
  return apiPut<AdminZoneList>('/admin/zones/', geojson);
}
