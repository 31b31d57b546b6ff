import type {
  AdminOperatorGrant,
  AdminPerson,
  AdminPersonSummary,
  AdminWallet,
} from '@mandado/shared/admin-people.schemas';
import type { Role } from '@mandado/shared/permissions';
import type { WALLET_ENTRY_KINDS } from '@mandado/shared/wallet.schemas';
import type { LedgerEntryRow } from '../wallet/wallet.service.ts';
import type { PendingGrantRow, PersonDetailRow, PersonRow } from './admin-people.repository.ts';

/** Every account is a remitter; a store member is a merchant; the operator role is granted (decision 012). */
function rolesOf(row: PersonRow): Role[] {
  const roles: Role[] = ['remitter'];
  if (Number(row.storeCount) > 0) roles.push('merchant');
  if (row.operatorGroup) roles.push('operator');
  return roles;
}

export function presentPersonSummary(row: PersonRow): AdminPersonSummary {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    roles: rolesOf(row),
    operator_group: row.operatorGroup,
    locked: row.lockedAt !== null,
    created: new Date(row.createdAt).toISOString(),
  };
}

export function presentPerson(row: PersonDetailRow, viewerId: number): AdminPerson {
  return {
    ...presentPersonSummary(row),
    phone: row.phoneFormatted,
    memberships: row.memberships.map((membership) => ({
      store_id: Number(membership.store_id),
      store_name: membership.store_name,
      role: membership.role === 'owner' ? 'owner' : 'staff',
    })),
    locked_at: row.lockedAt ? new Date(row.lockedAt).toISOString() : null,
    locked_reason: row.lockedReason,
    credit: Number(row.credit).toFixed(2),
    orders_total: Number(row.ordersTotal),
    orders_last_30_days: Number(row.ordersLast30Days),
    you: row.id === viewerId,
    pending_operator_group: row.pendingOperatorGroup,
    second_factor: row.secondFactor === true,
  };
}

/** A pending grant as the Personas screen lists it; `canApprove` is the service's four-eyes verdict. */
export function presentGrant(row: PendingGrantRow, canApprove: boolean): AdminOperatorGrant {
  return {
    id: row.id,
    user_id: row.userId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    current_group: row.currentGroup,
    group: row.operatorGroup,
    requested_by: row.requesterName?.trim() ?? '',
    requested: new Date(row.createdAt).toISOString(),
    can_approve: canApprove,
  };
}

export function presentLedger(balance: string, entries: readonly LedgerEntryRow[]): AdminWallet {
  return {
    balance: Number(balance).toFixed(2),
    entries: entries.map((entry) => ({
      id: entry.id,
      // The table's check constraint holds `kind` to the shared list; the cast only names that fact.
      kind: entry.kind as (typeof WALLET_ENTRY_KINDS)[number],
      amount: Number(entry.amount).toFixed(2),
      order: entry.groupNumber,
      note: entry.note,
      created: new Date(entry.createdAt).toISOString(),
      created_by: entry.createdByName,
    })),
  };
}
