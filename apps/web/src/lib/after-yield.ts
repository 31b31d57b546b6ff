/**
 * Runs `task` in a task of its own, after the browser has had the main thread back (decision 086): work that
 * follows a hydration (the stored choices' re-render, the app start's requests) then no longer lengthens the
 * hydration's own task, which Lighthouse counts as blocking time beyond 50 ms on a 4× slower phone.
 */
export function afterYield(task: () => void): void {
  setTimeout(task, 0);
}
