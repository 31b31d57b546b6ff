import { describe, expect, it } from 'vitest';
import { isRetryableTransactionError, withTransactionRetries } from './transaction-retry.ts';

/** A driver error as pg raises it, wrapped the way Drizzle wraps a failed query. */
function wrapped(code: string): Error {
  const driverError = Object.assign(new Error('deadlock detected'), { code });
  return Object.assign(new Error('Failed query: update products …'), { cause: driverError });
}

describe('withTransactionRetries (decision 036)', () => {
  it('runs a deadlock victim or a serialization failure again, and answers its later success', async () => {
    const codes = ['40P01', '40001'];
    let runs = 0;
    const retried: number[] = [];
    const answer = await withTransactionRetries(
      async () => {
        runs++;
        const code = codes.shift();
        if (code) throw wrapped(code);
        return 'hecho';
      },
      { attempts: 5, baseDelayMs: 1, onRetry: (_error, attempt) => retried.push(attempt) },
    );
    expect(answer).toBe('hecho');
    expect(runs).toBe(3);
    expect(retried).toEqual([1, 2]);
  });

  it('gives up after the bounded number of runs with the last error', async () => {
    let runs = 0;
    const failing = withTransactionRetries(
      async () => {
        runs++;
        throw wrapped('40P01');
      },
      { attempts: 3, baseDelayMs: 1 },
    );
    await expect(failing).rejects.toThrow('Failed query');
    expect(runs).toBe(3);
  });

  it('never runs again what failed for another reason (a unique violation, an HttpError)', async () => {
    let runs = 0;
    await expect(
      withTransactionRetries(
        async () => {
          runs++;
          throw wrapped('23505');
        },
        { attempts: 5, baseDelayMs: 1 },
      ),
    ).rejects.toThrow();
    expect(runs).toBe(1);
    expect(isRetryableTransactionError(new Error('plain'))).toBe(false);
    expect(isRetryableTransactionError({ code: 404 })).toBe(false);
  });
});
