import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRequestPacer, PacerBusyError } from './request-pacer.ts';

describe('createRequestPacer', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('starts calls one interval apart in arrival order, the first at once', async () => {
    const pacer = createRequestPacer(1000, 5000);
    const started: number[] = [];
    const task = async () => started.push(Date.now());
    const all = Promise.all([pacer.schedule(task), pacer.schedule(task), pacer.schedule(task)]);
    await vi.advanceTimersByTimeAsync(2000);
    await all;
    expect(started).toEqual([1_000_000, 1_001_000, 1_002_000]);
  });

  it('does not make a call wait when the last one was long ago', async () => {
    const pacer = createRequestPacer(1000, 5000);
    await pacer.schedule(async () => null);
    await vi.advanceTimersByTimeAsync(3000);
    const startedAt = await pacer.schedule(async () => Date.now());
    expect(startedAt).toBe(1_003_000);
  });

  it('refuses a call whose slot is further away than the longest wait, without taking a slot', async () => {
    const pacer = createRequestPacer(1000, 2000);
    const queued = [0, 1, 2].map(() => pacer.schedule(async () => Date.now()));
    await expect(pacer.schedule(async () => Date.now())).rejects.toBeInstanceOf(PacerBusyError);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await Promise.all(queued)).toEqual([1_000_000, 1_001_000, 1_002_000]);
    // The refused call took no slot: the next one follows the last queued one.
    const next = pacer.schedule(async () => Date.now());
    await vi.advanceTimersByTimeAsync(1000);
    expect(await next).toBe(1_003_000);
  });
});
