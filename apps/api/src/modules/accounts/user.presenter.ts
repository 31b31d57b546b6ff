import type { LoginResponse, User } from '@mandado/shared/account.schemas';
import type { Actor } from '../../authorization.ts';
import type { AccountRow, UserRow } from './users.repository.ts';

/**
 * Spec §3 User: what the account's owner may see; never the hash, the serial id or the E.164 column name.
 * Plus the roles and stores of decision 012, so the client can show the merchant or operator menus.
 */
export function presentUser(
  row: AccountRow,
  actor: Pick<Actor, 'roles' | 'storeIds' | 'operatorGroup'>,
): User {
  return {
    user_account_id: row.accountId,
    type: 'remitter',
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneFormatted,
    referral_token: row.referralToken,
    credit: row.credit,
    coupon: row.coupon,
    referral_welcome_pending: row.referralWelcomePending,
    roles: actor.roles,
    store_ids: actor.storeIds,
    operator_group: actor.operatorGroup,
  };
}

/** Spec §3 Login response, with the new session's CSRF token instead of a readable auth token. */
export function presentLogin(row: UserRow, csrfToken: string): LoginResponse {
  return { user_account_id: row.accountId, first_name: row.firstName, csrf_token: csrfToken };
}
