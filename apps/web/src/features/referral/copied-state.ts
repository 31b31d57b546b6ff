/** Spec §9: the copied state of 'Copiar enlace' lasts 1 second. */
export const COPY_FEEDBACK_MS = 1000;

export interface CopiedState {
  /** A copy happened: the state turns on and goes off after the feedback time, counted from the last copy. */
  mark: () => void;
  /** Stops the pending timer (the popup closed). */
  dispose: () => void;
}

/**
 * The timer behind the copied state, free of React so its rule is tested on fake timers: a second copy
 * while the state shows restarts the second instead of cutting it short.
 */
export function createCopiedState(
  onChange: (copied: boolean) => void,
  durationMs: number = COPY_FEEDBACK_MS,
): CopiedState {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    mark() {
      if (timer) clearTimeout(timer);
      onChange(true);
      timer = setTimeout(() => {
        timer = null;
        onChange(false);
      }, durationMs);
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
