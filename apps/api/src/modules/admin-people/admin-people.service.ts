import {
  ADMIN_PEOPLE_MESSAGES,
  ADMIN_PEOPLE_PAGE_SIZE,
  type AdminOperatorGrantList,
  type AdminPeopleList,
  type AdminPerson,
  type AdminWallet,
} from '@mandado/shared/admin-people.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { isOperatorGroupRaise, type OperatorGroup } from '@mandado/shared/permissions';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { sqlStateOf } from '../../db/transaction-retry.ts';
import { HttpError } from '../../http-errors.ts';
import { lockAccount, unlockAccount } from '../accounts/accounts.service.ts';
import { changeOperatorGroup } from '../accounts/user-roles.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { removeSecondFactor } from '../second-factor/second-factor.service.ts';
import { endUserSessions } from '../sessions/sessions.service.ts';
import {
  grantMembershipAsOperator,
  removeMembershipAsOperator,
} from '../store-members/store-members.service.ts';
import { findAdjustmentByKey, readAccountLedger, recordWalletEntry } from '../wallet/wallet.service.ts';
import {
  presentGrant,
  presentLedger,
  presentPerson,
  presentPersonSummary,
} from './admin-people.presenter.ts';
import {
  decideGrantRequest,
  findPerson,
  insertGrantRequest,
  listPendingGrants,
  listPeople,
  lockCredit,
  lockGrantRequest,
  lockOperatorRole,
  userExists,
} from './admin-people.repository.ts';

const notFound = () => new HttpError(404, { detail: SERVER_MESSAGES.notFound });

/** Accounts by e-mail or name, newest first, a page at a time (the cursor is the last id shown). One query. */
export async function listAdminPeople(
  db: Database,
  actor: Actor | null,
  query: { q?: string | undefined; cursor?: number | undefined },
): Promise<AdminPeopleList> {
  requirePermission(actor, 'admin:read');
  const rows = await listPeople(db, {
    q: query.q || null,
    cursor: query.cursor ?? null,
    limit: ADMIN_PEOPLE_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, ADMIN_PEOPLE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    results: page.map(presentPersonSummary),
    next: rows.length > ADMIN_PEOPLE_PAGE_SIZE && last ? String(last.id) : null,
  };
}

/** One account: roles, operator group, memberships, lock, credit and order counts, in one query. */
export async function getAdminPerson(
  db: Database,
  actor: Actor | null,
  userId: number,
): Promise<AdminPerson> {
  const operator = requirePermission(actor, 'admin:read');
  const row = await findPerson(db, userId);
  if (!row) throw notFound();
  return presentPerson(row, operator.userId);
}

/**
 * Gives the account the operator role in a group, moves it to another group, or (null) takes the role away.
 * An operator cannot take their own role away nor move themself out of administración: the back office
 * would lose the person making the change, and possibly its last administrator. Four eyes on people (issue
 * 27): a grant or a raise (a group with a power the account lacks) only asks; another operator of
 * administración approves it (`approveOperatorGrant`). Lowering and removing apply at once.
 */
export async function setOperatorGroup(
  db: Database,
  actor: Actor | null,
  userId: number,
  group: OperatorGroup | null,
): Promise<AdminPerson> {
  const operator = requirePermission(actor, 'admin:manage');
  if (userId === operator.userId && group !== 'administracion') {
    throw new HttpError(409, { detail: ADMIN_PEOPLE_MESSAGES.selfOperator });
  }
  await db.transaction(async (tx) => {
    const current = await lockOperatorRole(tx, userId, operator.userId);
    if (!current.exists) throw notFound();
    // Checked again under the lock: two administrators taking each other's role at the same moment must not
    // leave the back office with none; the second finds it no longer holds administración.
    if (current.actorGroup !== 'administracion')
      throw new HttpError(403, { detail: SERVER_MESSAGES.forbidden });
    if (current.group === group) return;
    if (group !== null && isOperatorGroupRaise(current.group, group)) {
      const requestId = await insertGrantRequest(tx, {
        userId,
        operatorGroup: group,
        requestedBy: operator.userId,
      });
      if (requestId === null) throw new HttpError(409, { detail: ADMIN_PEOPLE_MESSAGES.grantPending });
      await recordAudit(tx, operator, {
        storeId: null,
        action: 'operator.grant_requested',
        subject: `user:${userId}`,
        detail: {
          before: { operator_group: current.group },
          after: { operator_group: group },
          request: requestId,
        },
        actorRole: 'operator',
      });
      return;
    }
    await applyOperatorGroup(tx, operator, userId, current.group, group, {});
  });
  return getAdminPerson(db, operator, userId);
}

async function applyOperatorGroup(
  tx: DatabaseOrTransaction,
  operator: Actor,
  userId: number,
  before: OperatorGroup | null,
  group: OperatorGroup | null,
  extra: Record<string, unknown>,
): Promise<void> {
  await changeOperatorGroup(tx, userId, group);
  await recordAudit(tx, operator, {
    storeId: null,
    action: group === null ? 'operator.removed' : before ? 'operator.group_changed' : 'operator.granted',
    subject: `user:${userId}`,
    detail: { before: { operator_group: before }, after: { operator_group: group }, ...extra },
    actorRole: 'operator',
  });
}

/** Whether `operator` may approve a request: not their own, not for them, and they are in administración. */
function mayApprove(operator: Actor, request: { userId: number; requestedBy: number | null }): boolean {
  return (
    operator.operatorGroup === 'administracion' &&
    request.requestedBy !== operator.userId &&
    request.userId !== operator.userId
  );
}

/** The grants waiting for a second operator, oldest first, each saying whether the one looking may approve. */
export async function listOperatorGrants(db: Database, actor: Actor | null): Promise<AdminOperatorGrantList> {
  const operator = requirePermission(actor, 'admin:read');
  const rows = await listPendingGrants(db);
  return { results: rows.map((row) => presentGrant(row, mayApprove(operator, row))) };
}

/** A grant request still waiting, locked for its decision: 404 when there is none, 409 once decided. */
async function lockPendingGrant(tx: DatabaseOrTransaction, requestId: number) {
  const request = await lockGrantRequest(tx, requestId);
  if (!request) throw notFound();
  if (request.status !== 'pending') throw new HttpError(409, { detail: ADMIN_PEOPLE_MESSAGES.grantDecided });
  return request;
}

/**
 * The second pair of eyes: another operator of administración (not the one who asked, not the grantee: 409)
 * approves a pending grant, which then applies with its audit row naming both.
 */
export async function approveOperatorGrant(
  db: Database,
  actor: Actor | null,
  requestId: number,
): Promise<AdminOperatorGrantList> {
  const operator = requirePermission(actor, 'admin:manage');
  await db.transaction(async (tx) => {
    const request = await lockPendingGrant(tx, requestId);
    if (request.requestedBy === operator.userId)
      throw new HttpError(409, { detail: ADMIN_PEOPLE_MESSAGES.grantOwnRequest });
    if (request.userId === operator.userId)
      throw new HttpError(409, { detail: ADMIN_PEOPLE_MESSAGES.grantForYou });
    const current = await lockOperatorRole(tx, request.userId, operator.userId);
    if (current.actorGroup !== 'administracion')
      throw new HttpError(403, { detail: SERVER_MESSAGES.forbidden });
    await decideGrantRequest(tx, requestId, 'approved', operator.userId);
    if (current.group !== request.operatorGroup) {
      await applyOperatorGroup(tx, operator, request.userId, current.group, request.operatorGroup, {
        request: requestId,
        requested_by: request.requestedBy,
      });
    }
  });
  return listOperatorGrants(db, operator);
}

/** Turns a pending grant down (any operator of administración, the one who asked included). */
export async function rejectOperatorGrant(
  db: Database,
  actor: Actor | null,
  requestId: number,
): Promise<AdminOperatorGrantList> {
  const operator = requirePermission(actor, 'admin:manage');
  await db.transaction(async (tx) => {
    const request = await lockPendingGrant(tx, requestId);
    await decideGrantRequest(tx, requestId, 'rejected', operator.userId);
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'operator.grant_rejected',
      subject: `user:${request.userId}`,
      detail: {
        request: requestId,
        operator_group: request.operatorGroup,
        requested_by: request.requestedBy,
      },
      actorRole: 'operator',
    });
  });
  return listOperatorGrants(db, operator);
}

/** Grants a merchant role: the account joins the store as owner or staff (or changes its role there). */
export async function grantPersonMembership(
  db: Database,
  actor: Actor | null,
  userId: number,
  input: { store_id: number; role: 'owner' | 'staff' },
): Promise<AdminPerson> {
  const operator = requirePermission(actor, 'admin:manage');
  await grantMembershipAsOperator(db, operator, { storeId: input.store_id, userId, role: input.role });
  return getAdminPerson(db, operator, userId);
}

export async function removePersonMembership(
  db: Database,
  actor: Actor | null,
  userId: number,
  storeId: number,
): Promise<AdminPerson> {
  const operator = requirePermission(actor, 'admin:manage');
  await removeMembershipAsOperator(db, operator, storeId, userId);
  return getAdminPerson(db, operator, userId);
}

/**
 * Locks an account with a reason: it cannot log in (the login says so), and every session it had ends in
 * the same transaction. A password reset changes the password but leaves the lock.
 */
export async function lockPerson(
  db: Database,
  actor: Actor | null,
  userId: number,
  reason: string,
): Promise<AdminPerson> {
  const operator = requirePermission(actor, 'admin:manage');
  if (userId === operator.userId) throw new HttpError(409, { detail: ADMIN_PEOPLE_MESSAGES.selfLock });
  await db.transaction(async (tx) => {
    if (!(await lockAccount(tx, userId, reason))) {
      if (!(await userExists(tx, userId))) throw notFound();
      throw new HttpError(409, { detail: ADMIN_PEOPLE_MESSAGES.alreadyLocked });
    }
    await endUserSessions(tx, userId);
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'account.locked',
      subject: `user:${userId}`,
      detail: { before: { locked: false }, after: { locked: true, locked_reason: reason }, reason },
      actorRole: 'operator',
    });
  });
  return getAdminPerson(db, operator, userId);
}

export async function unlockPerson(db: Database, actor: Actor | null, userId: number): Promise<AdminPerson> {
  const operator = requirePermission(actor, 'admin:manage');
  await db.transaction(async (tx) => {
    const reason = await unlockAccount(tx, userId);
    if (reason === null) {
      if (!(await userExists(tx, userId))) throw notFound();
      throw new HttpError(409, { detail: ADMIN_PEOPLE_MESSAGES.notLocked });
    }
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'account.unlocked',
      subject: `user:${userId}`,
      detail: { before: { locked: true, locked_reason: reason }, after: { locked: false } },
      actorRole: 'operator',
    });
  });
  return getAdminPerson(db, operator, userId);
}

/**
 * Takes a staff member's second factor away (issue 27: a lost phone, with its recovery codes): never one's
 * own (409), audited, and every session of the account ends, so its next login is a password-only one that
 * a published site's back office then sends to turn the factor on again.
 */
export async function resetPersonSecondFactor(
  db: Database,
  actor: Actor | null,
  userId: number,
): Promise<AdminPerson> {
  const operator = requirePermission(actor, 'admin:manage');
  if (userId === operator.userId)
    throw new HttpError(409, { detail: ADMIN_PEOPLE_MESSAGES.selfSecondFactor });
  await db.transaction(async (tx) => {
    if (!(await removeSecondFactor(tx, userId))) {
      if (!(await userExists(tx, userId))) throw notFound();
      throw new HttpError(409, { detail: ADMIN_PEOPLE_MESSAGES.noSecondFactor });
    }
    await endUserSessions(tx, userId);
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'account.second_factor_removed',
      subject: `user:${userId}`,
      detail: { before: { second_factor: true }, after: { second_factor: false } },
      actorRole: 'operator',
    });
  });
  return getAdminPerson(db, operator, userId);
}

/** The account's wallet ledger, newest first, with who made each adjustment: three queries. */
export async function getPersonWallet(
  db: Database,
  actor: Actor | null,
  userId: number,
): Promise<AdminWallet> {
  requirePermission(actor, 'admin:read');
  if (!(await userExists(db, userId))) throw notFound();
  const { balance, entries } = await readAccountLedger(db, userId);
  return presentLedger(balance, entries);
}

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,255}$/;

/**
 * An operator's wallet adjustment (issue 19): a new 'adjustment' entry with its reason and author, the
 * balance moved by the wallet's own conditional update (never below 0: 409), and the audit row, in one
 * transaction. The Idempotency-Key makes a double click or a retry adjust once: the same key answers the
 * ledger again; a second request racing the first hits the unique index and does the same.
 */
export async function adjustWallet(
  db: Database,
  actor: Actor | null,
  userId: number,
  input: { amount: number; reason: string },
  idempotencyKey: string | undefined,
): Promise<AdminWallet> {
  const operator = requirePermission(actor, 'payment:refund');
  // Four eyes on an operator's own credit, which they could spend in the shop like money.
  if (userId === operator.userId) throw new HttpError(409, { detail: ADMIN_PEOPLE_MESSAGES.selfWallet });
  if (!idempotencyKey || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
    throw new HttpError(400, { detail: ADMIN_PEOPLE_MESSAGES.idempotencyKeyRequired });
  }
  const amount = formatMinorAsDecimal(input.amount);
  const replay = async (): Promise<AdminWallet | null> => {
    const done = await findAdjustmentByKey(db, userId, idempotencyKey);
    if (!done) return null;
    if (parseMoney(done.amount) !== input.amount || done.note !== input.reason) {
      throw new HttpError(409, { detail: ADMIN_PEOPLE_MESSAGES.idempotencyKeyReused });
    }
    return getPersonWallet(db, operator, userId);
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    await db.transaction(async (tx) => {
      const before = await lockCredit(tx, userId);
      if (before === null) throw notFound();
      const applied = await recordWalletEntry(tx, {
        userId,
        kind: 'adjustment',
        amount,
        groupId: null,
        note: input.reason,
        createdBy: operator.userId,
        idempotencyKey,
      });
      if (!applied) throw new HttpError(409, { detail: ADMIN_PEOPLE_MESSAGES.walletShort });
      await recordAudit(tx, operator, {
        storeId: null,
        action: 'wallet.adjusted',
        subject: `user:${userId}`,
        detail: {
          before: { credit: Number(before).toFixed(2) },
          after: { credit: formatMinorAsDecimal(parseMoney(before) + input.amount) },
          amount,
          reason: input.reason,
        },
        actorRole: 'operator',
      });
    });
  } catch (error) {
    if (sqlStateOf(error) !== '23505') throw error;
    const raced = await replay();
    if (raced) return raced;
    throw error;
  }
  return getPersonWallet(db, operator, userId);
}
