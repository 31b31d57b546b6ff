import type {
  RecoveryCodes,
  SecondFactorEnrollment,
  SecondFactorStatus,
} from '@mandado/shared/second-factor.schemas';
import { apiGet, apiPost } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';

/** Staff sign-in's second factor (issue 27): /v1/second-factor/. */

export function secondFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: ['second-factor'] as const,
    queryFn: ({ signal }) => apiGet<SecondFactorStatus>('/second-factor/', signal),
    staleTime: 0,
  });
}

export function startEnrollment(): Promise<SecondFactorEnrollment> {
  return apiPost('/second-factor/enrollment/', {});
}

export function confirmEnrollment(code: string): Promise<RecoveryCodes> {
  return apiPost('/second-factor/enrollment/confirm/', { code });
}

export function verifySignInCode(code: string): Promise<{ detail: string }> {
  return apiPost('/second-factor/verify/', { code });
}

/** `?next=` if it is a path of this site (never another origin), else the staff start. */
export function safeNext(search: string, fallback = '/comercio'): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : fallback;
}
