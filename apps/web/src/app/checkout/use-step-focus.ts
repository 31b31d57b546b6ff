import { useEffect, useRef } from 'react';

/**
 * A new step (or a decline, a failed 3-D Secure, the 409 list) would otherwise open at the old scroll
 * position with focus left on <body>: on a phone the alert was off-screen. Each time `shownKey` changes, show
 * the step from its top and move focus to its alert when there is one, else to its heading, so screen readers
 * announce where they are. The 3-D Secure dialog gives the focus back itself when it closes (`dialogOpen`).
 */
export function useStepFocus(shownKey: string, dialogOpen: boolean) {
  const mainRef = useRef<HTMLDivElement>(null);
  const lastShownKey = useRef<string | null>(null);
  useEffect(() => {
    const first = lastShownKey.current === null;
    lastShownKey.current = shownKey;
    const main = mainRef.current;
    if (first || !main || dialogOpen) return;
    const target =
      main.querySelector<HTMLElement>('.form__alert[role="alert"]') ?? main.querySelector<HTMLElement>('h2');
    if (!target) return;
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
    const checkoutTop = main.closest('.checkout') ?? main;
    if (target.matches('h2')) checkoutTop.scrollIntoView({ block: 'start' });
    else target.scrollIntoView({ block: 'center' });
  }, [shownKey, dialogOpen]);
  return mainRef;
}
