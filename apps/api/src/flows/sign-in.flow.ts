import type { Database } from '../db/database.ts';
import { authenticate, forgetLoginFailures } from '../modules/accounts/accounts.service.ts';
import { secondFactorOwed } from '../modules/second-factor/second-factor.service.ts';

/** What a password sign-in proved: the account, and whether a second-factor code must still complete it. */
export interface PasswordSignIn {
  user: Awaited<ReturnType<typeof authenticate>>;
  secondFactorOwed: boolean;
}

/**
 * A password sign-in (decision 053), as its steps: check the password under the account's throttle, ask
 * whether the account owes a second factor, and forget its failed tries only when it does not (an owed code
 * forgets them once it is given, so a known password buys no fresh guesses). Here rather than in the login
 * route so accounts does not import second-factor, which uses accounts' throttle (issue 28: no module loop).
 */
export async function signInWithPassword(
  db: Database,
  credentials: { username: string; password: string },
): Promise<PasswordSignIn> {
  const user = await authenticate(db, credentials);
  const owed = await secondFactorOwed(db, user.id);
  if (!owed) await forgetLoginFailures(db, user.id);
  return { user, secondFactorOwed: owed };
}
