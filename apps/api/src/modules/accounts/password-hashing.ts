import argon2 from 'argon2';

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 iterations, 1 lane): slow enough to make a
 * stolen table expensive, fast enough (~30 ms) that logins stay snappy on a small server.
 */
export const STANDARD_PASSWORD_HASHING = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * For test runs only (PASSWORD_HASHING=fast-for-tests, decision 049): the same algorithm at 1 MiB and one
 * iteration, 0.7 ms instead of 30. The suites register and log in some thousand accounts per CI run; readConfig
 * refuses this on a published site. A hash records its own parameters, so either setting verifies the other's.
 */
export const FAST_PASSWORD_HASHING_FOR_TESTS = {
  type: argon2.argon2id,
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
} as const;

export type PasswordHashing = 'standard' | 'fast-for-tests';

let options: typeof STANDARD_PASSWORD_HASHING | typeof FAST_PASSWORD_HASHING_FOR_TESTS =
  STANDARD_PASSWORD_HASHING;

/** Chosen once at start (server.ts from the config, the API tests' app): new hashes use it. */
export function setPasswordHashing(kind: PasswordHashing): void {
  options = kind === 'fast-for-tests' ? FAST_PASSWORD_HASHING_FOR_TESTS : STANDARD_PASSWORD_HASHING;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody has, verified when the e-mail is unknown so that a failed login takes the
 * same time whether or not the account exists.
 */
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}
