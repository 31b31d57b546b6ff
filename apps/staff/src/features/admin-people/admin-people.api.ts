import type {
  AdminMembershipInput,
  AdminOperatorGrantList,
  AdminPeopleList,
  AdminPerson,
  AdminWallet,
  AdminWalletAdjustmentInput,
} from '@mandado/shared/admin-people.schemas';
import type { AdminStoreList } from '@mandado/shared/admin-stores.schemas';
import type { OperatorGroup } from '@mandado/shared/permissions';
import { apiDelete, apiGet, apiPost, apiPut, segment } from '@mandado/web-kit/api-client.ts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

/** The back office's people (issue 19): /v1/admin/people/. */

export const ADMIN_PEOPLE_KEY = ['admin', 'people'] as const;

export function peopleQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: [...ADMIN_PEOPLE_KEY, 'list', q] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return apiGet<AdminPeopleList>(`/admin/people/${query ? `?${query}` : ''}`, signal);
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
    staleTime: 0,
  });
}

export function personKey(userId: number) {
  return [...ADMIN_PEOPLE_KEY, 'detail', userId] as const;
}

const personPath = (userId: number) => `/admin/people/${segment(userId)}`;

export function personQueryOptions(userId: number) {
  return queryOptions({
    queryKey: personKey(userId),
    queryFn: ({ signal }) => apiGet<AdminPerson>(`${personPath(userId)}/`, signal),
    staleTime: 0,
  });
}

export function walletKey(userId: number) {
  return [...ADMIN_PEOPLE_KEY, 'wallet', userId] as const;
}

export function walletQueryOptions(userId: number) {
  return queryOptions({
    queryKey: walletKey(userId),
    queryFn: ({ signal }) => apiGet<AdminWallet>(`${personPath(userId)}/wallet/`, signal),
    staleTime: 0,
  });
}

/** The stores a membership can be granted in (every store fits one page). */
export function storeChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'stores', 'list', '', ''] as const,
    queryFn: ({ signal }) => apiGet<AdminStoreList>('/admin/stores/', signal),
    staleTime: 60_000,
  });
}

export function setOperatorGroup(userId: number, group: OperatorGroup | null): Promise<AdminPerson> {
  return apiPut(`${personPath(userId)}/operator/`, { group });
}

export function grantMembership(userId: number, input: AdminMembershipInput): Promise<AdminPerson> {
  return apiPost(`${personPath(userId)}/memberships/`, input);
}

export function removeMembership(userId: number, storeId: number): Promise<AdminPerson> {
  return apiDelete(`${personPath(userId)}/memberships/${segment(storeId)}/`);
}

export function lockPerson(userId: number, reason: string): Promise<AdminPerson> {
  return apiPost(`${personPath(userId)}/lock/`, { reason });
}

/** Takes the account's second factor away (a lost phone, issue 27); its sessions end. */
export function resetSecondFactor(userId: number): Promise<AdminPerson> {
  return apiPost(`${personPath(userId)}/second-factor/reset/`, {});
}

export function unlockPerson(userId: number): Promise<AdminPerson> {
  return apiPost(`${personPath(userId)}/unlock/`, {});
}

/** `key`: one per adjustment the operator means, kept across retries of it (a double click adjusts once). */
export function adjustWallet(
  userId: number,
  input: AdminWalletAdjustmentInput,
  key: string,
): Promise<AdminWallet> {
  return apiPost(`${personPath(userId)}/wallet/adjustments/`, input, { 'Idempotency-Key': key });
}

export const OPERATOR_GRANTS_KEY = [...ADMIN_PEOPLE_KEY, 'operator-grants'] as const;

/** Operator groups asked for and waiting for a second operator of administración (issue 27). */
export function operatorGrantsQueryOptions() {
  return queryOptions({
    queryKey: OPERATOR_GRANTS_KEY,
    queryFn: ({ signal }) => apiGet<AdminOperatorGrantList>('/admin/operator-grants/', signal),
    staleTime: 0,
  });
}

export function decideOperatorGrant(
  grantId: number,
  decision: 'approve' | 'reject',
): Promise<AdminOperatorGrantList> {
  return apiPost(`/admin/operator-grants/${segment(grantId)}/${decision}/`, {});
}
