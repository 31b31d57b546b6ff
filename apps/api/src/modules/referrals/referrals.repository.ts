import { and, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { invitations, referrals } from '../../db/schema/referrals.ts';

/**
 * The referral program's SQL (decision 026). Every status change is a compare-and-set on `status` (and on the
 * order group when there is one), run inside the transaction that moves the order, so it happens once.
 */

export interface ReferralParties {
  inviteeEmail: string;
  inviteePhoneE164: string;
  inviterEmail: string;
  inviterPhoneE164: string;
}

/** Links an invited account to its inviter (registration); pending until a first qualifying order. */
export async function insertReferral(
  tx: DatabaseOrTransaction,
  values: { inviteeUserId: number; inviterUserId: number },
): Promise<void> {
  await tx
    .insert(referrals)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing();
}

const inviter = alias(users, 'inviter');
const invitee = alias(users, 'invitee');

/**
 * The remitter's referral still waiting for its welcome credit, with both parties' e-mails and phones (the
 * self-referral check uses the current ones), or null. The row is locked: two placements by the same
 * invitee queue here, so only one of them can carry the welcome credit.
 */
export async function lockPendingReferral(
  tx: DatabaseOrTransaction,
  inviteeUserId: number,
): Promise<(ReferralParties & { id: number }) | null> {
  const [row] = await tx
    .select({
      id: referrals.id,
      inviteeEmail: invitee.email,
      inviteePhoneE164: invitee.phoneE164,
      inviterEmail: inviter.email,
      inviterPhoneE164: inviter.phoneE164,
    })
    .from(referrals)
    .innerJoin(invitee, eq(invitee.id, referrals.inviteeUserId))
    .innerJoin(inviter, eq(inviter.id, referrals.inviterUserId))
    .where(and(eq(referrals.inviteeUserId, inviteeUserId), eq(referrals.status, 'pending')))
    .for('update', { of: referrals });
  return row ?? null;
}

/** pending → applied: the welcome credit rides on this order group. False when it was no longer pending. */
export async function markReferralApplied(
  tx: DatabaseOrTransaction,
  referralId: number,
  values: { groupId: number; inviteeReward: string },
): Promise<boolean> {
  const rows = await tx
    .update(referrals)
    .set({ status: 'applied', ...values, updatedAt: sql`now()` })
    .where(and(eq(referrals.id, referralId), eq(referrals.status, 'pending')))
    .returning({ id: referrals.id });
  return rows.length === 1;
}

export interface RewardedReferral {
  inviterUserId: number;
  inviterEmail: string;
  inviterFirstName: string;
  inviteeFirstName: string;
}

/** applied → rewarded for the group just paid; the parties for the ledger and the e-mail, or null. */
export async function markReferralRewarded(
  tx: DatabaseOrTransaction,
  groupId: number,
  inviterReward: string,
): Promise<RewardedReferral | null> {
  const [moved] = await tx
    .update(referrals)
    .set({ status: 'rewarded', inviterReward, updatedAt: sql`now()` })
    .where(and(eq(referrals.groupId, groupId), eq(referrals.status, 'applied')))
    .returning({ inviterUserId: referrals.inviterUserId, inviteeUserId: referrals.inviteeUserId });
  if (!moved) return null;
  const [row] = await tx
    .select({
      inviterEmail: inviter.email,
      inviterFirstName: inviter.firstName,
      inviteeFirstName: invitee.firstName,
    })
    .from(inviter)
    .innerJoin(invitee, eq(invitee.id, moved.inviteeUserId))
    .where(eq(inviter.id, moved.inviterUserId));
  if (!row) return null;
  return { inviterUserId: moved.inviterUserId, ...row };
}

export interface ReleasedReferral {
  inviteeUserId: number;
  inviterUserId: number;
  inviteeReward: string | null;
  inviterReward: string | null;
  inviteeFirstName: string;
}

/**
 * Back to pending (`from` applied: the order was declined or expired; `from` rewarded: the whole paid order
 * was rejected), answering what was given so the caller reverses it; null when there was nothing to undo.
 */
export async function returnReferralToPending(
  tx: DatabaseOrTransaction,
  groupId: number,
  from: 'applied' | 'rewarded',
): Promise<ReleasedReferral | null> {
  const [before] = await tx
    .select({
      id: referrals.id,
      inviteeUserId: referrals.inviteeUserId,
      inviterUserId: referrals.inviterUserId,
      inviteeReward: referrals.inviteeReward,
      inviterReward: referrals.inviterReward,
      inviteeFirstName: invitee.firstName,
    })
    .from(referrals)
    .innerJoin(invitee, eq(invitee.id, referrals.inviteeUserId))
    .where(and(eq(referrals.groupId, groupId), eq(referrals.status, from)))
    .for('update', { of: referrals });
  if (!before) return null;
  const moved = await tx
    .update(referrals)
    .set({
      status: 'pending',
      groupId: null,
      inviteeReward: null,
      inviterReward: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(referrals.id, before.id), eq(referrals.status, from)))
    .returning({ id: referrals.id });
  if (moved.length === 0) return null;
  const { id: _id, ...released } = before;
  return released;
}

/** The balance, with the user's row locked so a reversal's "at most the balance" holds until commit. */
export async function lockCreditBalance(tx: DatabaseOrTransaction, userId: number): Promise<string> {
  const [row] = await tx
    .select({ credit: users.credit })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.credit ?? '0.00';
}

/** The inviter's own e-mail and phone, for the self-invitation check, plus the name for the e-mail. */
export async function findInviter(
  db: DatabaseOrTransaction,
  userId: number,
): Promise<{
  email: string;
  phoneE164: string;
  firstName: string;
  lastName: string;
  referralToken: string;
} | null> {
  const [row] = await db
    .select({
      email: users.email,
      phoneE164: users.phoneE164,
      firstName: users.firstName,
      lastName: users.lastName,
      referralToken: users.referralToken,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Whether an account is registered under this e-mail (stored trimmed and lowercase). */
export async function accountExists(db: DatabaseOrTransaction, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
}

/** Whether anyone invited this inbox (canonical address) since `since`. */
export async function invitedSince(
  db: DatabaseOrTransaction,
  canonicalEmail: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.canonicalEmail, canonicalEmail), gte(invitations.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

/**
 * Locks the inviter's account row: one inviter's invitations queue here, so two parallel sends of the same
 * address cannot both pass the "not in the last 24 h" check.
 */
export async function lockInviter(tx: DatabaseOrTransaction, inviterUserId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, inviterUserId)).for('update');
}

export async function insertInvitation(
  tx: DatabaseOrTransaction,
  values: { inviterUserId: number; email: string; canonicalEmail: string },
): Promise<void> {
  await tx.insert(invitations).values(values);
}

/**
 * Takes `amount` off the welcome credit a group still carries (a store order of it was rejected and its share
 * of the welcome credit withheld). Answers the invitee, or null when the group carries no welcome credit.
 */
export async function lockGroupWelcome(
  tx: DatabaseOrTransaction,
  groupId: number,
): Promise<{ id: number; inviteeUserId: number; inviteeReward: string } | null> {
  const [row] = await tx
    .select({
      id: referrals.id,
      inviteeUserId: referrals.inviteeUserId,
      inviteeReward: referrals.inviteeReward,
    })
    .from(referrals)
    .where(and(eq(referrals.groupId, groupId), sql`${referrals.status} in ('applied', 'rewarded')`))
    .for('update');
  return row?.inviteeReward
    ? { id: row.id, inviteeUserId: row.inviteeUserId, inviteeReward: row.inviteeReward }
    : null;
}

export async function reduceInviteeReward(
  tx: DatabaseOrTransaction,
  referralId: number,
  amount: string,
): Promise<void> {
  await tx
    .update(referrals)
    .set({ inviteeReward: sql`${referrals.inviteeReward} - ${amount}::numeric`, updatedAt: sql`now()` })
    .where(eq(referrals.id, referralId));
}
