import {
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useRef,
} from 'react';
import { CloseIcon } from './icons.tsx';
import { useScrollLock } from './use-scroll-lock.ts';

interface DialogProps {
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  /** Visually hide the heading (it still names the dialog). */
  hideTitle?: boolean;
  /** 'sheet' slides up from the bottom (spec: the not-my-city panel). */
  variant?: 'center' | 'sheet' | 'wide';
  closeLabel?: string;
  /**
   * False for a confirmation whose own buttons already offer 'Cancelar' (issue 31: the logout read 'Cerrar'
   * beside 'Cerrar sesión'); Escape and the backdrop still close it.
   */
  closeButton?: boolean;
  children: ReactNode;
}

let dialogCount = 0;

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (the focus trap) and
 * puts it in the top layer; we add the scroll lock, Escape/backdrop handling through React, and focus return.
 * Mount it to open it, unmount it to close it.
 */
export function Dialog({
  onClose,
  title,
  hideTitle = false,
  variant = 'center',
  closeLabel = 'Cerrar',
  closeButton = true,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useRef(`dialog-title-${++dialogCount}`).current;
  const onCloseRef = useRef(onClose);
  useScrollLock(true);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // Returning focus to where the shopper was is what makes a dialog keyboard-friendly.
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, []);

  function handleCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    onCloseRef.current();
  }

  function handleNativeClose() {
    // The browser may close it itself (a repeated Escape); keep React's state in step.
    if (ref.current && !ref.current.open) onCloseRef.current();
  }

  /** Where the press began: a text selection dragged out of the panel ends with a click on the backdrop. */
  const pressedOnBackdrop = useRef(false);

  function handlePointerDown(event: PointerEvent<HTMLDialogElement>) {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  }

  function handleClick(event: MouseEvent<HTMLDialogElement>) {
    // Only a press and release both on the backdrop close; a keyboard "click" has no press and never lands here.
    if (event.target === event.currentTarget && pressedOnBackdrop.current) onCloseRef.current();
    pressedOnBackdrop.current = false;
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled by the dialog's cancel event.
    <dialog
      ref={ref}
      className={`dialog dialog--${variant}`}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={handleCancel}
      onClose={handleNativeClose}
      onPointerDown={handlePointerDown}
      onClick={handleClick}
    >
      <div className="dialog__panel">
        <div className={hideTitle ? 'dialog__header dialog__header--bare' : 'dialog__header'}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
            {title}
          </h2>
          {closeButton ? (
            <button type="button" className="icon-button dialog__close" onClick={() => onCloseRef.current()}>
              <CloseIcon />
              <span className="visually-hidden">{closeLabel}</span>
            </button>
          ) : null}
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}
