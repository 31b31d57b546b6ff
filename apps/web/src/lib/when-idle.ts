/** Runs low-priority work (prefetching the next chunk) once the browser is idle. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 1500);
  return () => clearTimeout(timer);
}
