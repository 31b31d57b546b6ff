import type {
  SupportActionResult,
  SupportAssigneeList,
  SupportKind,
} from '@mandado/shared/admin-support.schemas';
import type {
  AdminCityRequestList,
  AdminContactMessageList,
  AdminSuggestionList,
} from '@mandado/shared/support-inbox.schemas';
import { apiGet, apiPost, segment } from '@mandado/web-kit/api-client.ts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

/** The support inbox's calls (issue 19): /v1/admin/<kind>/ lists and /v1/admin/support/<kind>/<id>/… actions. */

export type SupportFilter = {
  /** true: only those not handled yet ('Sin resolver'). */
  open: boolean;
  /** true: only those assigned to me. */
  mine: boolean;
};

export function supportListKey(kind: SupportKind, filter?: SupportFilter) {
  return filter ? (['admin', 'support', kind, filter] as const) : (['admin', 'support', kind] as const);
}

type AnyList = AdminContactMessageList | AdminSuggestionList | AdminCityRequestList;

export function supportListQueryOptions<L extends AnyList>(kind: SupportKind, filter: SupportFilter) {
  return infiniteQueryOptions({
    queryKey: supportListKey(kind, filter),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (filter.open) params.set('handled', 'false');
      if (filter.mine) params.set('assigned', 'me');
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return apiGet<L>(`/admin/${kind}/${query ? `?${query}` : ''}`, signal);
    },
    initialPageParam: '',
    getNextPageParam: (last: L) => last.next_cursor ?? undefined,
    // Several operators share the inbox: each visit asks again.
    staleTime: 0,
  });
}

export function assigneesQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'support-assignees'] as const,
    queryFn: ({ signal }) => apiGet<SupportAssigneeList>('/admin/support/assignees/', signal),
    staleTime: 5 * 60_000,
  });
}

function itemPath(kind: SupportKind, id: number): string {
  return `/admin/support/${segment(kind)}/${segment(id)}`;
}

export function assignItem(
  kind: SupportKind,
  id: number,
  userId: number | null,
): Promise<SupportActionResult> {
  return apiPost<SupportActionResult>(`${itemPath(kind, id)}/assign/`, { user_id: userId });
}

export function markHandled(kind: SupportKind, id: number, handled: boolean): Promise<SupportActionResult> {
  return apiPost<SupportActionResult>(`${itemPath(kind, id)}/handled/`, { handled });
}

export function replyToItem(kind: SupportKind, id: number, body: string): Promise<SupportActionResult> {
  return apiPost<SupportActionResult>(`${itemPath(kind, id)}/replies/`, { body });
}
