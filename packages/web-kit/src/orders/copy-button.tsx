import { useEffect, useRef, useState } from 'react';

/** How long "Copiado" stays: long enough to read, short enough that a second copy shows it again. */
export const COPIED_FEEDBACK_MS = 1000;

/**
 * Copies a value a remitter has to type elsewhere (the account number, the order number for the transfer's
 * description). The feedback is the button's own text, in a live region so screen readers hear it too.
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // No clipboard (an old browser, or permission refused): the value stays on screen to copy by hand.
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
  };
  return (
    <button
      type="button"
      className="button button--secondary button--small copy-button"
      onClick={() => void copy()}
    >
      {/* The visible word starts the accessible name ("Copiar el número de cuenta"), so voice control finds
          it by what it reads. */}
      <span aria-live="polite">{copied ? 'Copiado' : 'Copiar'}</span>
      <span className="visually-hidden"> {what}</span>
    </button>
  );
}
