import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_PEOPLE_MESSAGES } from '@mandado/shared/admin-people.schemas';
import { ADMIN_STORES_MESSAGES } from '@mandado/shared/admin-stores.schemas';
import { dateTimeWithZoneText } from '@mandado/shared/date-text';
import { canonicalEmail } from '@mandado/shared/referral-rules';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import {
  STORE_INVITATION_DAYS,
  STORE_MEMBER_ROLE_LABELS,
  type StoreInvitationInput,
  type StoreTeam,
} from '@mandado/shared/store-members.schemas';
import { firstNameForOthers } from '@mandado/shared/validation-rules';
import { type Actor, requirePermission, requireStoreOwner } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import {
  deleteMember,
  deleteMemberIfPresent,
  deletePendingInvitation,
  deletePendingInvitationsTo,
  findInvitationByTokenHash,
  findStoreName,
  findUserContact,
  insertInvitation,
  listMembers,
  listPendingInvitations,
  lockMembers,
  type MemberRow,
  markInvitationAccepted,
  setMemberRole,
  upsertMember,
  userExists,
} from './store-members.repository.ts';

type MemberRole = 'owner' | 'staff';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function asRole(role: string): MemberRole {
  return role === 'owner' ? 'owner' : 'staff';
}

export async function getTeam(
  db: Database,
  actor: Actor | null,
  storeId: number,
  now = new Date(),
): Promise<StoreTeam> {
  const owner = requireStoreOwner(actor, storeId);
  const [members, invitations] = await Promise.all([
    listMembers(db, storeId),
    listPendingInvitations(db, storeId, now),
  ]);
  return {
    members: members.map((member) => ({
      user_id: member.userId,
      name: `${member.firstName} ${member.lastName}`.trim(),
      email: member.email,
      role: asRole(member.role),
      you: member.userId === owner.userId,
    })),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: asRole(invitation.role),
      expires_at: new Date(invitation.expiresAt).toISOString(),
    })),
  };
}

function invitationEmail(values: {
  to: string;
  storeName: string;
  role: MemberRole;
  inviterName: string;
  link: string;
  expiresAt: Date;
}) {
  const role = STORE_MEMBER_ROLE_LABELS[values.role].toLowerCase();
  return {
    to: values.to,
    subject: `${values.inviterName} te invitó a ${values.storeName} en Mandado`,
    text: [
      `Hola:`,
      '',
      `${values.inviterName} te invitó a trabajar en ${values.storeName} en Mandado, como ${role}.`,
      values.role === 'owner'
        ? 'Podrás recibir y preparar pedidos, y cambiar el catálogo, la tienda y su equipo.'
        : 'Podrás recibir y preparar los pedidos de la tienda.',
      '',
      `Acepta la invitación en este enlace (ingresa o crea tu cuenta con este correo):`,
      values.link,
      '',
      `El enlace vence el ${dateTimeWithZoneText(values.expiresAt.toISOString())}.`,
      'Si no esperabas este correo, ignóralo.',
    ].join('\n'),
  };
}

/**
 * An owner invites someone by e-mail (issue 18): a link that works for STORE_INVITATION_DAYS days, e-mailed
 * through the outbox in the same transaction. A second invitation to the same inbox replaces the first.
 */
export async function inviteMember(
  db: Database,
  actor: Actor | null,
  storeId: number,
  input: StoreInvitationInput,
  deps: { publicUrl: string; now?: Date },
): Promise<void> {
  const owner = requireStoreOwner(actor, storeId);
  const now = deps.now ?? new Date();
  const canonical = canonicalEmail(input.email);
  const members = await listMembers(db, storeId);
  if (members.some((member) => canonicalEmail(member.email) === canonical)) {
    throw new HttpError(409, { detail: SERVER_MESSAGES.alreadyMember });
  }
  const inviter = await findUserContact(db, owner.userId);
  await db.transaction(async (tx) => {
    const storeName = await findStoreName(tx, storeId);
    if (storeName === null) throw new HttpError(404, { detail: SERVER_MESSAGES.notFound });
    const id = await sendStoreInvitation(tx, {
      storeId,
      storeName,
      email: input.email,
      role: input.role,
      invitedBy: owner.userId,
      // The invitee is not the inviter: quote a stored first name only when it passes today's name rules.
      inviterName: firstNameForOthers(inviter?.firstName ?? '', storeName),
      publicUrl: deps.publicUrl,
      now,
    });
    await recordAudit(tx, owner, {
      storeId,
      action: 'member.invited',
      subject: `invitation:${id}`,
      detail: { email: input.email, role: input.role },
    });
  });
}

/**
 * Writes an invitation and its e-mail in the caller's transaction, replacing any pending one to the same
 * inbox; answers its id. For an owner's invitation above, and for an approved store application, which
 * invites the applicant as the new store's owner (the store-applications module).
 */
export async function sendStoreInvitation(
  tx: DatabaseOrTransaction,
  values: {
    storeId: number;
    storeName: string;
    email: string;
    role: MemberRole;
    invitedBy: number;
    inviterName: string;
    publicUrl: string;
    now: Date;
    /** Another text around the link (the approval e-mail, issue 31); the team invitation's by default. */
    compose?: (link: string, expiresAt: Date) => { subject: string; text: string };
  },
): Promise<number> {
  const canonical = canonicalEmail(values.email);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(values.now.getTime() + STORE_INVITATION_DAYS * 86_400_000);
  await deletePendingInvitationsTo(tx, values.storeId, canonical);
  const id = await insertInvitation(tx, {
    storeId: values.storeId,
    email: values.email,
    canonicalEmail: canonical,
    role: values.role,
    tokenHash: hashToken(token),
    invitedBy: values.invitedBy,
    expiresAt,
  });
  const link = `${values.publicUrl}/comercio/invitacion/${token}`;
  await enqueueEmail(
    tx,
    values.compose
      ? { to: values.email, ...values.compose(link, expiresAt) }
      : invitationEmail({
          to: values.email,
          storeName: values.storeName,
          role: values.role,
          inviterName: values.inviterName,
          link,
          expiresAt,
        }),
  );
  return id;
}

export async function revokeInvitation(
  db: Database,
  actor: Actor | null,
  storeId: number,
  invitationId: number,
): Promise<void> {
  const owner = requireStoreOwner(actor, storeId);
  await db.transaction(async (tx) => {
    const revoked = await deletePendingInvitation(tx, storeId, invitationId);
    if (!revoked) throw new HttpError(404, { detail: SERVER_MESSAGES.invitationNotFound });
    await recordAudit(tx, owner, {
      storeId,
      action: 'member.invitation_revoked',
      subject: `invitation:${invitationId}`,
      detail: { email: revoked.email },
    });
  });
}

/** An owner removes a member, themselves included, but never the store's last owner. */
export async function removeMember(
  db: Database,
  actor: Actor | null,
  storeId: number,
  userId: number,
): Promise<void> {
  const owner = requireStoreOwner(actor, storeId);
  await db.transaction(async (tx) => {
    const members = await lockMembers(tx, storeId);
    const target = members.find((member) => member.userId === userId);
    if (!target) throw new HttpError(404, { detail: SERVER_MESSAGES.memberNotFound });
    const owners = members.filter((member) => member.role === 'owner').length;
    if (target.role === 'owner' && owners <= 1)
      throw new HttpError(409, { detail: SERVER_MESSAGES.lastOwner });
    await deleteMember(tx, storeId, userId);
    await recordAudit(tx, owner, {
      storeId,
      action: 'member.removed',
      subject: `user:${userId}`,
      detail: { role: target.role },
    });
  });
}

/** What the invitation's page shows: the store, the role and the address it was sent to. */
export async function previewInvitation(db: Database, token: string, now = new Date()) {
  const invitation = await findInvitationByTokenHash(db, hashToken(token));
  if (!invitation || invitation.acceptedAt)
    throw new HttpError(404, { detail: SERVER_MESSAGES.invitationNotFound });
  if (new Date(invitation.expiresAt).getTime() <= now.getTime()) {
    throw new HttpError(410, { detail: SERVER_MESSAGES.invitationExpired });
  }
  return { store_name: invitation.storeName, role: asRole(invitation.role), email: invitation.email };
}

/**
 * The invited person, logged in with the invited e-mail (registering through the link first if they had no
 * account), joins the store. The e-mail must match: a forwarded link does not make someone else a member.
 */
export async function acceptInvitation(db: Database, actor: Actor | null, token: string, now = new Date()) {
  const person = requirePermission(actor, 'account:own');
  const userId = person.userId;
  const invitation = await findInvitationByTokenHash(db, hashToken(token));
  if (!invitation || invitation.acceptedAt)
    throw new HttpError(404, { detail: SERVER_MESSAGES.invitationNotFound });
  if (new Date(invitation.expiresAt).getTime() <= now.getTime()) {
    throw new HttpError(410, { detail: SERVER_MESSAGES.invitationExpired });
  }
  const user = await findUserContact(db, userId);
  if (!user || canonicalEmail(user.email) !== invitation.canonicalEmail) {
    throw new HttpError(403, { detail: SERVER_MESSAGES.invitationOtherEmail(invitation.email) });
  }
  const role = asRole(invitation.role);
  await db.transaction(async (tx) => {
    if (!(await markInvitationAccepted(tx, invitation.id, userId))) {
      throw new HttpError(404, { detail: SERVER_MESSAGES.invitationNotFound });
    }
    await upsertMember(tx, { storeId: invitation.storeId, userId, role });
    await recordAudit(tx, person, {
      storeId: invitation.storeId,
      action: 'member.joined',
      subject: `invitation:${invitation.id}`,
      detail: { role },
      actorRole: role,
    });
  });
  return { store_id: invitation.storeId, store_name: invitation.storeName };
}

/**
 * An operator makes an account a member of a store, or changes its role there (issue 19: granting a merchant
 * role from the back office, by a store's page or a person's). The store keeps at least one owner. The change
 * and its audit row (before and after) are one transaction; the member's next request sees the store.
 */
export async function grantMembershipAsOperator(
  db: Database,
  actor: Actor | null,
  values: { storeId: number; userId: number; role: MemberRole },
): Promise<void> {
  const operator = requirePermission(actor, 'admin:manage');
  await db.transaction(async (tx) => {
    if ((await findStoreName(tx, values.storeId)) === null) {
      throw new HttpError(404, { detail: ADMIN_PEOPLE_MESSAGES.storeNotFound });
    }
    if (!(await userExists(tx, values.userId)))
      throw new HttpError(404, { detail: SERVER_MESSAGES.notFound });
    const members = await lockMembers(tx, values.storeId);
    const current = members.find((member) => member.userId === values.userId);
    if (current?.role === values.role) throw new HttpError(409, { detail: ADMIN_STORES_MESSAGES.sameRole });
    const owners = members.filter((member) => member.role === 'owner').length;
    if (current?.role === 'owner' && owners <= 1) {
      throw new HttpError(409, { detail: ADMIN_STORES_MESSAGES.lastOwner });
    }
    await setMemberRole(tx, values);
    await recordAudit(tx, operator, {
      storeId: values.storeId,
      action: current ? 'member.role_changed' : 'member.added',
      subject: `user:${values.userId}`,
      detail: { before: current ? { role: current.role } : null, after: { role: values.role } },
      actorRole: 'operator',
    });
  });
}

/** An operator takes an account out of a store (issue 19); never the store's last owner. */
export async function removeMembershipAsOperator(
  db: Database,
  actor: Actor | null,
  storeId: number,
  userId: number,
): Promise<void> {
  const operator = requirePermission(actor, 'admin:manage');
  await db.transaction(async (tx) => {
    const members = await lockMembers(tx, storeId);
    const target = members.find((member) => member.userId === userId);
    if (!target) throw new HttpError(404, { detail: ADMIN_STORES_MESSAGES.memberNotFound });
    const owners = members.filter((member) => member.role === 'owner').length;
    if (target.role === 'owner' && owners <= 1) {
      throw new HttpError(409, { detail: ADMIN_STORES_MESSAGES.lastOwner });
    }
    await deleteMember(tx, storeId, userId);
    await recordAudit(tx, operator, {
      storeId,
      action: 'member.removed',
      subject: `user:${userId}`,
      detail: { before: { role: target.role }, after: null },
      actorRole: 'operator',
    });
  });
}

/** A store's members with their names, for the back office's store page (issue 19). One query. */
export function storeMembersOf(db: Database, storeId: number): Promise<MemberRow[]> {
  return listMembers(db, storeId);
}

/**
 * The `user:role` command's store membership (accounts/user-roles.service, decision 012): exactly this role,
 * or the membership removed (false when there was none). Unaudited like the rest of that command.
 */
export async function setStoreMembershipFromCommand(
  db: Database,
  values: { storeId: number; userId: number; role: 'owner' | 'staff' },
): Promise<void> {
  await setMemberRole(db, values);
}

export function removeStoreMembershipFromCommand(
  db: Database,
  storeId: number,
  userId: number,
): Promise<boolean> {
  return deleteMemberIfPresent(db, storeId, userId);
}
