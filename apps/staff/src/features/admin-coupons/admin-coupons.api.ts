import type { AdminCoupon, AdminCouponList, CouponInput } from '@mandado/shared/admin-coupons.schemas';
import { apiGet, apiPost, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { infiniteQueryOptions } from '@tanstack/react-query';

/** The coupons screen's calls (issue 19): /v1/admin/coupons/. */

export const COUPONS_KEY = ['admin', 'coupons'] as const;

export function couponsQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...COUPONS_KEY, search] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (search) params.set('q', search);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return apiGet<AdminCouponList>(`/admin/coupons/${query ? `?${query}` : ''}`, signal);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
}

/** 201; 409 `{ code: [...] }` when the code is taken; 400 per field. */
export function createCoupon(input: CouponInput): Promise<AdminCoupon> {
  return apiPost<AdminCoupon>('/admin/coupons/', input);
}

/** 200; 409 `{ detail }` when a used coupon's type or value would change. */
export function updateCoupon(id: number, input: CouponInput): Promise<AdminCoupon> {
  return apiPut<AdminCoupon>(`/admin/coupons/${segment(id)}/`, input);
}
