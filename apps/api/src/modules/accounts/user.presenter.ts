import type { User } from '@mandado/shared/account.schemas';
import type { UserRow } from './users.repository.ts';

/** Spec §3 User: what the account's owner may see; never the hash, the serial id or the E.164 column name. */
export function presentUser(row: UserRow): User {
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
  };
}
