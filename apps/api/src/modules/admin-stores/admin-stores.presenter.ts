import type {
  AdminStoreDetail,
  AdminStoreMember,
  AdminStoreRow,
  AdminStoreStatus,
} from '@mandado/shared/admin-stores.schemas';
import type { StoreKind } from '@mandado/shared/store-kinds';
import type { StoreDetailRow, StoreListRow } from './admin-stores.repository.ts';

/** A store as the back office lists it; kind and status are held to their lists by the table's checks. */
export function presentAdminStore(row: StoreListRow): AdminStoreRow {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as StoreKind,
    status: row.status as AdminStoreStatus,
    status_reason: row.statusReason,
    city: row.city,
    member_count: Number(row.memberCount),
    commission_rate: Number(row.commissionRate).toFixed(2),
    created: new Date(row.createdAt).toISOString(),
  };
}

export function presentAdminStoreDetail(
  row: StoreDetailRow,
  members: ReadonlyArray<{
    userId: number;
    firstName: string;
    lastName: string;
    email: string;
    role: string;
  }>,
): AdminStoreDetail {
  return {
    ...presentAdminStore(row),
    address_line1: row.addressLine1,
    phone: row.phone,
    members: members.map(
      (member): AdminStoreMember => ({
        user_id: member.userId,
        name: `${member.firstName} ${member.lastName}`.trim(),
        email: member.email,
        role: member.role === 'owner' ? 'owner' : 'staff',
      }),
    ),
  };
}
