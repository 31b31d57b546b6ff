import { z } from 'zod';
import { emailField } from './account.schemas.ts';
import { STORE_MEMBER_ROLES } from './permissions.ts';

/** Issue 18: who works for a store, and the invitations its owners sent. */

/** How long an invitation's link works. */
export const STORE_INVITATION_DAYS = 7;

export const STORE_MEMBER_ROLE_LABELS: Record<(typeof STORE_MEMBER_ROLES)[number], string> = {
  owner: 'Dueño',
  staff: 'Personal',
};

export const storeMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STORE_MEMBER_ROLES),
  /** The session's own row: the screen does not offer to remove oneself as the last owner. */
  you: z.boolean(),
});

export const storeInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(STORE_MEMBER_ROLES),
  expires_at: z.string(),
});

export const storeTeamSchema = z.object({
  members: z.array(storeMemberSchema),
  invitations: z.array(storeInvitationSchema),
});
export type StoreTeam = z.infer<typeof storeTeamSchema>;

export const storeInvitationInputSchema = z.object({
  email: emailField,
  role: z.enum(STORE_MEMBER_ROLES),
});
export type StoreInvitationInput = z.infer<typeof storeInvitationInputSchema>;

/** GET /v1/store-invitations/:token/: what the link's page shows before accepting. */
export const invitationPreviewSchema = z.object({
  store_name: z.string(),
  role: z.enum(STORE_MEMBER_ROLES),
  /** The address it was sent to: the account that accepts it must have this e-mail. */
  email: z.string(),
});

export const invitationAcceptedSchema = z.object({ store_id: z.number().int(), store_name: z.string() });

export const invitationTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
