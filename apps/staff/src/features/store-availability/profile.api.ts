import type { GeoSearchResult } from '@mandado/shared/geo.schemas';
import type { StoreHoursInput } from '@mandado/shared/store-hours.schemas';
import type { MerchantStoreProfile, StoreProfileInput } from '@mandado/shared/store-profile.schemas';
import { apiGet, apiPostBody, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** The store's profile, logo and hours (issue 18, decision 047): /v1/merchant/stores/:id/profile/ and kin. */

function storePath(storeId: number): string {
  return `/merchant/stores/${segment(storeId)}`;
}

export function profileKey(storeId: number) {
  return ['store-profile', storeId] as const;
}

export function profileQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: profileKey(storeId),
    queryFn: ({ signal }) => apiGet<MerchantStoreProfile>(`${storePath(storeId)}/profile/`, signal),
    staleTime: 0,
  });
}

export function saveProfile(storeId: number, input: StoreProfileInput): Promise<MerchantStoreProfile> {
  return apiPut<MerchantStoreProfile>(`${storePath(storeId)}/profile/`, input);
}

export function saveHours(storeId: number, input: StoreHoursInput): Promise<MerchantStoreProfile> {
  return apiPut<MerchantStoreProfile>(`${storePath(storeId)}/hours/`, input);
}

export function uploadLogo(storeId: number, file: Blob): Promise<MerchantStoreProfile> {
  return apiPostBody<MerchantStoreProfile>(`${storePath(storeId)}/logo/`, file);
}

/** The shop's geocoder (decision 019): suggestions in Uruguay for the typed address. */
export function findAddress(text: string): Promise<GeoSearchResult> {
  return apiGet<GeoSearchResult>(`/geo/search/?${new URLSearchParams({ q: text })}`);
}
