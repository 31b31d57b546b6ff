import { dateTimeText } from '@mandado/shared/date-text';
import type { StoreMemberRole } from '@mandado/shared/permissions';
import { STORE_MEMBER_ROLE_LABELS, type StoreTeam } from '@mandado/shared/store-members.schemas';

type Member = StoreTeam['members'][number];

/** 'Dueño', 'Personal': the badge beside a member. */
export function roleLabel(role: StoreMemberRole): string {
  return STORE_MEMBER_ROLE_LABELS[role];
}

/** "Vence el 2 dic 2026, 14:00" (Montevideo): a pending invitation works until then. */
export function invitationExpiryText(expiresAt: string): string {
  return `Vence el ${dateTimeText(expiresAt)}`;
}

/**
 * The store always keeps an owner (the API answers 409 otherwise): the last one's row offers no 'Quitar'. A
 * store with two owners lets either go, oneself included.
 */
export function canRemove(member: Member, members: readonly Member[]): boolean {
  if (member.role !== 'owner') return true;
  return members.filter((other) => other.role === 'owner').length > 1;
}

/** Owners first, then by name, oneself first among equals: the order an owner scans for someone. */
export function sortedMembers(members: readonly Member[]): Member[] {
  return [...members].sort(
    (a, b) =>
      Number(b.role === 'owner') - Number(a.role === 'owner') ||
      Number(b.you) - Number(a.you) ||
      a.name.localeCompare(b.name, 'es'),
  );
}
