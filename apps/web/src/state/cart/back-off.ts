/** The first retry of a failed cart call (or who-am-I) waits this long, doubling up to RETRY_MAX_MS. */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 30_000;

/** The wait before the retry that follows `failures` failed calls in a row. */
export function backOff(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}
