import { describe, expect, it } from 'vitest';
import { MAIL_RETRY } from '../modules/mail/mail-worker.ts';
import { REFUND_RETRY } from '../modules/refunds/refund-worker.ts';
import { PUSH_RETRY } from '../modules/store-inbox/push-worker.ts';
import { WEBHOOK_RETRY } from '../modules/webhooks/webhook-worker.ts';
import { givesUp, type RetryPolicy, retryDelaySeconds } from './retry-delay.ts';

const exact = (policy: RetryPolicy, attempts: number[]) =>
  attempts.map((failed) => retryDelaySeconds(policy, failed));

describe('retryDelaySeconds', () => {
  it('doubles from the first delay up to the cap', () => {
    const policy = { firstSeconds: 10, maxSeconds: 100, jitter: 0 };
    expect(exact(policy, [0, 1, 2, 3, 4, 5, 1000])).toEqual([10, 10, 20, 40, 80, 100, 100]);
  });

  it('spreads each delay by its jitter, never under a second', () => {
    const policy = { firstSeconds: 100, maxSeconds: 1000, jitter: 0.2 };
    expect(retryDelaySeconds(policy, 1, () => 0)).toBe(80);
    expect(retryDelaySeconds(policy, 1, () => 0.5)).toBe(100);
    expect(retryDelaySeconds(policy, 1, () => 1)).toBe(120);
    expect(retryDelaySeconds(policy, 10, () => 1)).toBe(1200);
    expect(retryDelaySeconds({ firstSeconds: 1, maxSeconds: 1, jitter: 0.9 }, 1, () => 0)).toBe(1);
    for (let i = 0; i < 200; i += 1) {
      const delay = retryDelaySeconds(policy, 3);
      expect(delay).toBeGreaterThanOrEqual(320);
      expect(delay).toBeLessThanOrEqual(480);
    }
  });

  it('gives up after maxAttempts failures, and never without one', () => {
    const policy = { firstSeconds: 1, maxSeconds: 8, jitter: 0, maxAttempts: 3 };
    expect([1, 2, 3, 4].map((failed) => givesUp(policy, failed))).toEqual([false, false, true, true]);
    expect(givesUp({ firstSeconds: 1, maxSeconds: 8, jitter: 0 }, 1_000_000)).toBe(false);
  });

  it("keeps each kind's delays as they were before the jobs module (issue 28)", () => {
    expect(exact(MAIL_RETRY, [1, 2, 3, 4, 7, 8, 1000])).toEqual([30, 60, 120, 240, 1920, 3600, 3600]);
    expect(exact(PUSH_RETRY, [1, 2, 3, 4, 5, 6])).toEqual([15, 30, 60, 120, 240, 480]);
    expect(givesUp(PUSH_RETRY, 6)).toBe(false);
    expect(givesUp(PUSH_RETRY, 7)).toBe(true);
    expect(exact(REFUND_RETRY, [1, 2, 3, 9, 10, 20])).toEqual([60, 120, 240, 15_360, 6 * 3600, 6 * 3600]);
    expect(givesUp(REFUND_RETRY, 7)).toBe(false);
    expect(givesUp(REFUND_RETRY, 8)).toBe(true);
    expect([1, 2, 8].map((failed) => retryDelaySeconds(WEBHOOK_RETRY, failed, () => 0.5))).toEqual([
      30, 60, 3600,
    ]);
    expect(retryDelaySeconds(WEBHOOK_RETRY, 1, () => 0)).toBe(24);
    expect(retryDelaySeconds(WEBHOOK_RETRY, 1, () => 1)).toBe(36);
  });
});
