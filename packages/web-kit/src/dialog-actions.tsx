import { Spinner } from './spinner.tsx';

interface DialogActionsProps {
  /** The action's own words ('Rechazar pedido', 'Quitar'): a dialog never ends on a bare 'Aceptar' it could avoid. */
  confirmLabel: string;
  onCancel: () => void;
  /** Without it the button submits the dialog's form, so Enter in a field confirms as well. */
  onConfirm?: () => void;
  /** While the answer is awaited: the button shows a spinner and cannot be pressed twice. */
  busy?: boolean;
  cancelLabel?: string;
}

/** The footer every confirming dialog has: the way out first, then the action (the order both apps use). */
export function DialogActions({
  confirmLabel,
  onCancel,
  onConfirm,
  busy = false,
  cancelLabel = 'Cancelar',
}: DialogActionsProps) {
  return (
    <div className="dialog__actions">
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className="button button--primary"
        disabled={busy}
        onClick={onConfirm}
      >
        {busy ? <Spinner size="small" /> : null}
        {confirmLabel}
      </button>
    </div>
  );
}
