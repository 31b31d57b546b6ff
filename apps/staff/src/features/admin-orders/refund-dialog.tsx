import type { AdminOrderDetail } from '@mandado/shared/admin-orders.schemas';
import type { RefundDestination } from '@mandado/shared/fulfilment';
import { MESSAGES } from '@mandado/shared/messages';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import type { OperatorRefundInput } from '@mandado/shared/refund.schemas';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { type FormEvent, useId, useState } from 'react';
import {
  decimalOf,
  lineRefundMinor,
  parseAmountInput,
  refundDestinations,
  storeOrderLeftMinor,
} from './admin-orders-text.ts';

/** What 'Devolver' gives back: the whole order, one store order, or chosen lines. */
export type RefundScope = { kind: 'order' } | { kind: 'store'; number: string } | { kind: 'lines' };

interface RefundDialogProps {
  order: AdminOrderDetail;
  initialScope: RefundScope;
  /** One refund of one store order (POST …/store-orders/:number/refunds/); rejects with the server's answer. */
  onRefund: (storeOrderNumber: string, input: OperatorRefundInput) => Promise<void>;
  /** After every refund asked went through (or some did and one failed: the page shows what was done). */
  onDone: (count: number) => void;
  onClose: () => void;
}

interface PlannedRefund {
  storeOrderNumber: string;
  amountMinor: number;
  lineId: number | null;
}

/**
 * 'Devolver' (payment:refund): the whole order (what is left of each store order), a store order (an amount
 * up to what is left), or chosen lines (each line's price after its coupon share, capped by what is left of
 * its store order), with the reason and where the money goes. One refund per store order or line, so each
 * shows in the timeline with what it was for.
 */
export function RefundDialog({ order, initialScope, onRefund, onDone, onClose }: RefundDialogProps) {
  const ids = useId();
  const destinations = refundDestinations(order.payment_method);
  const [scope, setScope] = useState<RefundScope>(initialScope);
  const [lineIds, setLineIds] = useState<number[]>([]);
  const leftText = (number: string) => {
    const store = order.stores.find((candidate) => candidate.number === number);
    return store ? decimalOf(storeOrderLeftMinor(store)).replace('.', ',') : '';
  };
  const [amountText, setAmountText] = useState(
    initialScope.kind === 'store' ? leftText(initialScope.number) : '',
  );
  const [reason, setReason] = useState('');
  const [destination, setDestination] = useState<RefundDestination>(destinations[0]?.value ?? 'wallet');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const storeOf = (number: string) => order.stores.find((store) => store.number === number);
  const scopeStore = scope.kind === 'store' ? storeOf(scope.number) : undefined;

  function plan(): PlannedRefund[] | string {
    if (scope.kind === 'order') {
      const planned = order.stores
        .map((store) => ({
          storeOrderNumber: store.number,
          amountMinor: storeOrderLeftMinor(store),
          lineId: null,
        }))
        .filter((item) => item.amountMinor > 0);
      return planned.length > 0 ? planned : 'No queda nada por devolver de este pedido.';
    }
    if (scope.kind === 'store') {
      if (!scopeStore) return MESSAGES.serverError;
      const amount = parseAmountInput(amountText);
      if (!amount) return 'Escribe un monto mayor que cero, como 12,50.';
      return [{ storeOrderNumber: scopeStore.number, amountMinor: parseMoney(amount), lineId: null }];
    }
    if (lineIds.length === 0) return 'Elige al menos un producto.';
    const left = new Map(order.stores.map((store) => [store.number, storeOrderLeftMinor(store)]));
    const planned: PlannedRefund[] = [];
    for (const store of order.stores) {
      for (const line of store.lines) {
        if (!lineIds.includes(line.id)) continue;
        const available = left.get(store.number) ?? 0;
        const amountMinor = Math.min(lineRefundMinor(line), available);
        if (amountMinor <= 0) continue;
        left.set(store.number, available - amountMinor);
        planned.push({ storeOrderNumber: store.number, amountMinor, lineId: line.id });
      }
    }
    return planned.length > 0 ? planned : 'No queda nada por devolver de esos productos.';
  }

  const planned = plan();
  const totalMinor =
    typeof planned === 'string' ? 0 : planned.reduce((sum, item) => sum + item.amountMinor, 0);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (typeof planned === 'string') {
      setProblem(planned);
      return;
    }
    if (!reason.trim()) {
      setProblem('Escribe el motivo de la devolución.');
      return;
    }
    setBusy(true);
    setProblem(null);
    let done = 0;
    try {
      for (const item of planned) {
        await onRefund(item.storeOrderNumber, {
          amount: decimalOf(item.amountMinor),
          destination,
          note: reason.trim(),
          line_id: item.lineId,
        });
        done += 1;
      }
      onDone(done);
    } catch (error) {
      const text = failureText(error) ?? MESSAGES.serverError;
      setProblem(done > 0 ? `Se hicieron ${done} de ${planned.length} devoluciones. ${text}` : text);
      setBusy(false);
    }
  }

  return (
    <Dialog title={`Devolver dinero de ${order.number}`} onClose={onClose} variant="wide">
      <form className="order-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="order-dialog__choices">
          <legend className="field-label">Qué se devuelve</legend>
          <label className="order-dialog__choice">
            <input
              type="radio"
              name={`${ids}-scope`}
              checked={scope.kind === 'order'}
              onChange={() => setScope({ kind: 'order' })}
            />
            Todo el pedido
          </label>
          {order.stores.map((store) => (
            <label key={store.number} className="order-dialog__choice">
              <input
                type="radio"
                name={`${ids}-scope`}
                checked={scope.kind === 'store' && scope.number === store.number}
                onChange={() => {
                  setScope({ kind: 'store', number: store.number });
                  setAmountText(leftText(store.number));
                }}
              />
              {store.number} · {store.store_name} (quedan {usdText(storeOrderLeftMinor(store))})
            </label>
          ))}
          <label className="order-dialog__choice">
            <input
              type="radio"
              name={`${ids}-scope`}
              checked={scope.kind === 'lines'}
              onChange={() => setScope({ kind: 'lines' })}
            />
            Productos elegidos
          </label>
        </fieldset>
        {scope.kind === 'lines' ? (
          <fieldset className="order-dialog__choices order-dialog__lines">
            <legend className="visually-hidden">Productos</legend>
            {order.stores.flatMap((store) =>
              store.lines.map((line) => (
                <label key={line.id} className="order-dialog__choice">
                  <input
                    type="checkbox"
                    checked={lineIds.includes(line.id)}
                    onChange={(event) =>
                      setLineIds((current) =>
                        event.target.checked ? [...current, line.id] : current.filter((id) => id !== line.id),
                      )
                    }
                  />
                  {line.quantity} × {line.name} ({store.number}) · {usdText(lineRefundMinor(line))}
                </label>
              )),
            )}
          </fieldset>
        ) : null}
        {scope.kind === 'store' && scopeStore ? (
          <div className="form__field">
            <label className="field-label field-label--required" htmlFor={`${ids}-amount`}>
              Monto (US$)
            </label>
            <input
              id={`${ids}-amount`}
              className="input"
              inputMode="decimal"
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
            />
          </div>
        ) : (
          <p className="dialog__text">
            Total a devolver: <strong>{usdText(totalMinor)}</strong>
          </p>
        )}
        <div className="form__field">
          <label className="field-label field-label--required" htmlFor={`${ids}-reason`}>
            Motivo
          </label>
          <input
            id={`${ids}-reason`}
            className="input"
            maxLength={300}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="form__field">
          <label className="field-label field-label--required" htmlFor={`${ids}-destination`}>
            A dónde va el dinero
          </label>
          <select
            id={`${ids}-destination`}
            className="select"
            value={destination}
            onChange={(event) => setDestination(event.target.value as RefundDestination)}
          >
            {destinations.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </select>
        </div>
        <FormProblem problem={problem} />
        <DialogActions confirmLabel="Devolver" onCancel={onClose} busy={busy} cancelLabel="Volver" />
      </form>
    </Dialog>
  );
}
