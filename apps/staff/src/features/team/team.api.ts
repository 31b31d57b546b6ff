import type {
  invitationAcceptedSchema,
  invitationPreviewSchema,
  StoreInvitationInput,
  StoreTeam,
} from '@mandado/shared/store-members.schemas';
import { apiDelete, apiGet, apiPost, segment } from '@mandado/web-kit/api-client.ts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';

/** The store's team (issue 18): /v1/merchant/stores/:id/team/ and its invitations; the invitation's link. */

export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

function storePath(storeId: number): string {
  return `/merchant/stores/${segment(storeId)}`;
}

export function teamKey(storeId: number) {
  return ['team', storeId] as const;
}

export function teamQueryOptions(storeId: number) {
  return queryOptions({
    queryKey: teamKey(storeId),
    queryFn: ({ signal }) => apiGet<StoreTeam>(`${storePath(storeId)}/team/`, signal),
    // Another owner may invite or remove someone meanwhile: each visit asks again.
    staleTime: 0,
  });
}

/** 204; 409 with the reason when the address already works in the store. */
export function inviteMember(storeId: number, input: StoreInvitationInput): Promise<null> {
  return apiPost<null>(`${storePath(storeId)}/invitations/`, input);
}

export function revokeInvitation(storeId: number, invitationId: number): Promise<null> {
  return apiDelete<null>(`${storePath(storeId)}/invitations/${segment(invitationId)}/`);
}

/** 204; 409 with the reason for the store's last owner. */
export function removeMember(storeId: number, userId: number): Promise<null> {
  return apiDelete<null>(`${storePath(storeId)}/members/${segment(userId)}/`);
}

function invitationPath(token: string): string {
  return `/store-invitations/${segment(token)}/`;
}

/** What the link offers, for anyone holding it; 404 used or unknown, 410 expired (each with its reason). */
export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['store-invitation', token] as const,
    queryFn: ({ signal }) => apiGet<InvitationPreview>(invitationPath(token), signal),
    // A 404 or 410 stays so: asking again would only repeat it.
    retry: false,
    staleTime: 60_000,
  });
}

/** The session's account joins the store (it must have the invited e-mail: 403 with the reason if not). */
export function acceptInvitation(token: string): Promise<InvitationAccepted> {
  return apiPost<InvitationAccepted>(`${invitationPath(token)}accept/`, {});
}
