/**
 * What this process knows about its own readiness beyond the database (issue 27): whether it is draining
 * (SIGTERM received: /ready answers 503 so proxies send it nothing new) and whether the background workers
 * its role must run are running. The server owns it and changes it; /ready reads it.
 */
export interface Readiness {
  draining: boolean;
  /** Why this process's workers are not running, empty when they are or when its role runs none. */
  workerProblems: () => string[];
}

export function createReadiness(): Readiness {
  return { draining: false, workerProblems: () => [] };
}
