import type { StoreMemberRole } from '@mandado/shared/permissions';

/**
 * The roles' words that the invitation's link page needs. Kept apart from store-members.schemas (and its
 * STORE_MEMBER_ROLE_LABELS), which brings zod and the phone-number rules through the account schemas: the
 * link is a newcomer's first load on a phone. role-text.test.ts keeps these words the labels' own.
 */

/** The role as the invitation's e-mail says it: "como dueño", "como personal". */
export const INVITED_AS: Record<StoreMemberRole, string> = {
  owner: 'dueño',
  staff: 'personal',
};

/** One line under each role of the invitation form and on the link's page: what the person can do. */
export const ROLE_HINTS: Record<StoreMemberRole, string> = {
  owner: 'Recibe y prepara pedidos, y cambia el catálogo, la tienda y su equipo.',
  staff: 'Recibe y prepara los pedidos. No ve el catálogo ni el equipo.',
};

/** "Te invitaron a Supermercado El Puerto como personal". */
export function invitationTitle(storeName: string, role: StoreMemberRole): string {
  return `Te invitaron a ${storeName} como ${INVITED_AS[role]}`;
}

/**
 * Whether the session's e-mail is the invited one, before asking the server (which decides, and answers 403
 * with the reason): the page can warn that this account cannot accept it. Case and spaces aside.
 */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
