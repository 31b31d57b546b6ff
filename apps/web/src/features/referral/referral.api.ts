import type { InvitationInput, InvitationSent } from '@mandado/shared/help.schemas';
import { apiPost } from '@mandado/web-kit/api-client.ts';

/** `POST /v1/users/send/invitation/` (decision 007: it changes state). The client adds the CSRF header. */
export function sendInvitation(input: InvitationInput): Promise<InvitationSent> {
  return apiPost<InvitationSent>('/users/send/invitation/', input);
}
