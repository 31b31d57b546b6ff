import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_FEEDBACK_MS, createCopiedState } from './copied-state.ts';

describe('createCopiedState', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the copied state for 1 s (spec §9), then takes it away', () => {
    const changes: boolean[] = [];
    const state = createCopiedState((copied) => changes.push(copied));
    state.mark();
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(COPY_FEEDBACK_MS - 1);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true, false]);
    expect(COPY_FEEDBACK_MS).toBe(1000);
  });

  it('counts the second from the last copy', () => {
    const changes: boolean[] = [];
    const state = createCopiedState((copied) => changes.push(copied));
    state.mark();
    vi.advanceTimersByTime(800);
    state.mark();
    vi.advanceTimersByTime(800);
    expect(changes).toEqual([true, true]);
    vi.advanceTimersByTime(200);
    expect(changes).toEqual([true, true, false]);
  });

  it('stops quietly once disposed (the popup closed)', () => {
    const changes: boolean[] = [];
    const state = createCopiedState((copied) => changes.push(copied));
    state.mark();
    state.dispose();
    vi.advanceTimersByTime(5000);
    expect(changes).toEqual([true]);
  });
});
