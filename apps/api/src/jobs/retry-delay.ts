/**
 * How a job kind backs off after a failed attempt (issue 28): the first delay, doubled per failure up to a
 * cap, spread by a jitter so that rows that failed together (a partner back from an outage) are not all
 * retried in the same second, and optionally a number of failures after which the kind gives up.
 */
export interface RetryPolicy {
  /** Seconds before the first retry. */
  firstSeconds: number;
  /** No delay is longer than this. */
  maxSeconds: number;
  /** 0..1: each delay is the base ± this fraction of it; 0 keeps the delays exact. */
  jitter: number;
  /** After this many failed attempts the row is not retried; absent: retried forever (or until its kind's deadline). */
  maxAttempts?: number;
}

/** Doubling stops here: 2^20 times any first delay is past every cap, and no float overflows on the way. */
const MAX_EXPONENT = 20;

/**
 * The delay before the next attempt after the `failedAttempts`-th failure (1 for the first): first, 2×first,
 * 4×first, … capped at maxSeconds, then spread by the jitter (never under one second). `random` answers 0..1.
 */
export function retryDelaySeconds(
  policy: RetryPolicy,
  failedAttempts: number,
  random: () => number = Math.random,
): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), MAX_EXPONENT);
  const base = Math.min(policy.firstSeconds * 2 ** exponent, policy.maxSeconds);
  if (policy.jitter === 0) return base;
  const spread = 1 - policy.jitter + 2 * policy.jitter * random();
  return Math.max(1, Math.round(base * spread));
}

/** Whether a row that failed `failedAttempts` times is given up rather than retried. */
export function givesUp(policy: RetryPolicy, failedAttempts: number): boolean {
  return policy.maxAttempts !== undefined && failedAttempts >= policy.maxAttempts;
}
