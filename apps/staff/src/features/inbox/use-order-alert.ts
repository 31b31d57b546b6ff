import { useEffect, useState } from 'react';
import { inboxDocumentTitle } from './inbox-wording.ts';
import {
  orderSoundSupported,
  orderSoundUnlocked,
  RING_EVERY_MS,
  ringOnce,
  unlockOrderSound,
} from './order-alert.ts';

/**
 * Rings while paid orders are unopened (issue 17): the count in the tab's title, a beep and a buzz every few
 * seconds until `unseen` is back to 0. Any first tap or key on the page unlocks the sound (browsers refuse
 * audio before one); until then the page offers 'Activar sonido'.
 */
export function useOrderAlert(unseen: number): {
  soundSupported: boolean;
  soundReady: boolean;
  enableSound: () => void;
} {
  const [soundSupported] = useState(orderSoundSupported);
  const [soundReady, setSoundReady] = useState(() => !orderSoundSupported() || orderSoundUnlocked());

  useEffect(() => {
    document.title = inboxDocumentTitle(unseen);
  }, [unseen]);

  useEffect(
    () => () => {
      document.title = inboxDocumentTitle(0);
    },
    [],
  );

  useEffect(() => {
    if (soundReady) return;
    function unlock() {
      void unlockOrderSound().then((ready) => {
        if (ready) setSoundReady(true);
      });
    }
    document.addEventListener('pointerdown', unlock, { capture: true });
    document.addEventListener('keydown', unlock, { capture: true });
    return () => {
      document.removeEventListener('pointerdown', unlock, { capture: true });
      document.removeEventListener('keydown', unlock, { capture: true });
    };
  }, [soundReady]);

  useEffect(() => {
    if (unseen <= 0) return;
    ringOnce();
    const timer = window.setInterval(ringOnce, RING_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [unseen]);

  return {
    soundSupported,
    soundReady,
    enableSound: () => {
      void unlockOrderSound().then(setSoundReady);
    },
  };
}
