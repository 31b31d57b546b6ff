/**
 * Work that must wait for a transaction's commit (a metric counted once the money moved, issue 27): what a
 * callback registered inside `db.transaction(...)` does happens only if that transaction committed, once,
 * whichever of its retried runs committed. openDatabase's transaction wrapper tracks each run's callbacks.
 */
const waiting = new WeakMap<object, Array<() => void>>();

/** A fresh list for one run of a top-level transaction: a run that rolled back leaves its list unused. */
export function trackCommitCallbacks(tx: object): Array<() => void> {
  const callbacks: Array<() => void> = [];
  waiting.set(tx, callbacks);
  return callbacks;
}

/**
 * Runs `callback` after the commit of `db`'s transaction; given the database itself (a statement outside a
 * transaction, committed already) it runs at once. A savepoint's `tx.transaction` is not tracked: pass the
 * top-level transaction (the app opens no savepoints).
 */
export function afterCommit(db: object, callback: () => void): void {
  const callbacks = waiting.get(db);
  if (callbacks) callbacks.push(callback);
  else callback();
}

/** Runs a committed transaction's callbacks; one that throws does not keep the others from running. */
export function runCommitCallbacks(
  callbacks: ReadonlyArray<() => void>,
  onError: (error: unknown) => void,
): void {
  for (const callback of callbacks) {
    try {
      callback();
    } catch (error) {
      onError(error);
    }
  }
}
