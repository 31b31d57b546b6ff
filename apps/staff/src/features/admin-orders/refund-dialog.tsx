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
  lineLeftMinor,
  lineUnitsRefundMinor,
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
  /** After every refund asked went through. */
  onDone: (count: number) => void;
  /**
   * After one was refused: reloads the order, so the dialog shows what is left now (another operator's
   * refund, or the ones of this submit that went through).
   */
  onChanged: () => Promise<void>;
  onClose: () => void;
}

interface PlannedRefund {
  storeOrderNumber: string;
  /** What it should give back (for a line, the API works the units' amount out the same way). */
  amountMinor: number;
  lineId: number | null;
  /** Units of the line, for a line; null for an amount. */
  units: number | null;
}

/**
 * 'Devolver' (payment:refund): the whole order (what is left of each store order), a store order (an amount
 * up to what is left), or chosen lines and how many of their units (issue 27: what is left of each line,
 * capped by what is left of its store order; a refunded line reads 'Devuelto' and cannot be chosen), with
 * the reason and where the money goes. One refund per store order or line, so each shows in the timeline
 * with what it was for.
 */
export function RefundDialog({
  order,
  initialScope,
  onRefund,
  onDone,
  onChanged,
  onClose,
}: RefundDialogProps) {
  const ids = useId();
  const destinations = refundDestinations(order.payment_method);
  const [scope, setScope] = useState<RefundScope>(initialScope);
  /** Chosen lines and how many of their units go back. */
  const [chosen, setChosen] = useState<ReadonlyMap<number, number>>(new Map());
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
          units: null,
        }))
        .filter((item) => item.amountMinor > 0);
      return planned.length > 0 ? planned : 'No queda nada por devolver de este pedido.';
    }
    if (scope.kind === 'store') {
      if (!scopeStore) return MESSAGES.serverError;
      const amount = parseAmountInput(amountText);
      if (!amount) return 'Escribe un monto mayor que cero, como 12,50.';
      return [
        { storeOrderNumber: scopeStore.number, amountMinor: parseMoney(amount), lineId: null, units: null },
      ];
    }
    if (chosen.size === 0) return 'Elige al menos un producto.';
    const left = new Map(order.stores.map((store) => [store.number, storeOrderLeftMinor(store)]));
    const planned: PlannedRefund[] = [];
    for (const store of order.stores) {
      for (const line of store.lines) {
        const wanted = chosen.get(line.id);
        if (wanted === undefined) continue;
        // The order may have been reloaded after a refusal: never more units than are left now.
        const units = Math.min(wanted, line.refundable_units);
        if (units <= 0 || lineLeftMinor(line) === 0) continue;
        const available = left.get(store.number) ?? 0;
        const amountMinor = Math.min(lineUnitsRefundMinor(line, units), available);
        if (amountMinor <= 0) continue;
        left.set(store.number, available - amountMinor);
        planned.push({ storeOrderNumber: store.number, amountMinor, lineId: line.id, units });
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
          ...(item.units === null ? { amount: decimalOf(item.amountMinor) } : { units: item.units }),
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
      // The lines already refunded leave the choice: 'Devolver' again must not give them back twice (a line
      // with units left would otherwise lose the same units once more).
      const refundedLines = planned
        .slice(0, done)
        .flatMap((item) => (item.lineId === null ? [] : [item.lineId]));
      if (refundedLines.length > 0) {
        setChosen((current) => {
          const next = new Map(current);
          for (const id of refundedLines) next.delete(id);
          return next;
        });
      }
      await onChanged();
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
              store.lines.map((line) => {
                const unitsLeft = line.refundable_units;
                const done = unitsLeft === 0 || lineLeftMinor(line) === 0;
                const wanted = done ? undefined : chosen.get(line.id);
                const units = wanted === undefined ? undefined : Math.min(wanted, unitsLeft);
                return (
                  <div key={line.id} className="order-dialog__line">
                    <label className="order-dialog__choice">
                      <input
                        type="checkbox"
                        disabled={done}
                        checked={units !== undefined}
                        onChange={(event) =>
                          setChosen((current) => {
                            const next = new Map(current);
                            if (event.target.checked) next.set(line.id, unitsLeft);
                            else next.delete(line.id);
                            return next;
                          })
                        }
                      />
                      {/* One flex item for the text: bare text and <strong> would be two, and the narrow
                          second one broke 'Devuelto' letter by letter at 360 px. */}
                      <span>
                        {line.quantity} × {line.name} ({store.number}) ·{' '}
                        {done ? (
                          <strong className="order-dialog__done">Devuelto</strong>
                        ) : (
                          `quedan ${usdText(lineLeftMinor(line))}${
                            unitsLeft < line.quantity ? ` (${unitsLeft} de ${line.quantity} unidades)` : ''
                          }`
                        )}
                      </span>
                    </label>
                    {units !== undefined && unitsLeft > 1 ? (
                      <div className="order-dialog__units">
                        <label htmlFor={`${ids}-units-${line.id}`}>Unidades de {line.name}</label>
                        <select
                          id={`${ids}-units-${line.id}`}
                          className="select"
                          value={units}
                          onChange={(event) =>
                            setChosen((current) => new Map(current).set(line.id, Number(event.target.value)))
                          }
                        >
                          {Array.from({ length: unitsLeft }, (_, index) => index + 1).map((count) => (
                            <option key={count} value={count}>
                              {count} de {unitsLeft}
                            </option>
                          ))}
                        </select>
                        <span>{usdText(lineUnitsRefundMinor(line, units))}</span>
                      </div>
                    ) : null}
                  </div>
                );
              }),
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
