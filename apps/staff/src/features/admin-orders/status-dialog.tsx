import type { AdminStoreOrder } from '@mandado/shared/admin-orders.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { STORE_ORDER_STATUS_LABELS, type StoreOrderStatus } from '@mandado/shared/order-status';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { type FormEvent, useId, useState } from 'react';
import { moveNeedsReason } from './admin-orders-text.ts';

interface StatusDialogProps {
  store: AdminStoreOrder;
  onMove: (move: { from: StoreOrderStatus; to: StoreOrderStatus; reason: string }) => Promise<void>;
  onClose: () => void;
}

/**
 * 'Cambiar estado': only the moves the shared transition table gives an operator from here (the API says
 * which); a move that needs a reason, or that skips the delivery code, asks for one.
 */
export function StatusDialog({ store, onMove, onClose }: StatusDialogProps) {
  const ids = useId();
  const [to, setTo] = useState<StoreOrderStatus | ''>(store.next_statuses[0] ?? '');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const needsReason = to !== '' && moveNeedsReason(store.status, to);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || to === '') return;
    if (needsReason && !reason.trim()) {
      setProblem('Escribe el motivo del cambio.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onMove({ from: store.status, to, reason: reason.trim() });
    } catch (error) {
      setProblem(failureText(error) ?? MESSAGES.serverError);
      setBusy(false);
    }
  }

  return (
    <Dialog title={`Cambiar estado de ${store.number}`} onClose={onClose}>
      <form className="order-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <p className="dialog__text">
          {store.store_name}: ahora está <strong>{store.status_label}</strong>.
        </p>
        <div className="form__field">
          <label className="field-label field-label--required" htmlFor={`${ids}-to`}>
            Nuevo estado
          </label>
          <select
            id={`${ids}-to`}
            className="select"
            value={to}
            onChange={(event) => setTo(event.target.value as StoreOrderStatus)}
          >
            {store.next_statuses.map((status) => (
              <option key={status} value={status}>
                {STORE_ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="form__field">
          <label
            className={needsReason ? 'field-label field-label--required' : 'field-label'}
            htmlFor={`${ids}-reason`}
          >
            Motivo
          </label>
          <input
            id={`${ids}-reason`}
            className="input"
            maxLength={300}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={`${ids}-reason-hint`}
          />
          <p id={`${ids}-reason-hint`} className="form__hint">
            {needsReason
              ? 'Queda en la historia y, si corresponde, se lo contamos a quien compró.'
              : 'Opcional.'}
          </p>
        </div>
        <FormProblem problem={problem} />
        <DialogActions confirmLabel="Cambiar estado" onCancel={onClose} busy={busy} cancelLabel="Volver" />
      </form>
    </Dialog>
  );
}
