import { parseMoney } from '@mandado/shared/money';
import { moneyText, usdText } from '@mandado/shared/money-text';
import type { StaffOrderLine } from '@mandado/shared/staff-order.schemas';
import type { SubstituteCandidate } from '@mandado/shared/store-inbox.schemas';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  proposeSubstitute,
  type StaffStoreOrder,
  setLineAvailability,
  substitutesQueryOptions,
} from './inbox.api.ts';
import { availableQuantityChoices, SUBSTITUTION_STORE_TEXT, unavailableOutcomes } from './inbox-wording.ts';
import { isConflict, useInboxActions } from './use-inbox-actions.ts';
// Its hints use the form kit's styles; it loads on its own, maybe before any dialog that imports the kit.
import '@mandado/web-kit/form/form.css';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { FormProblem } from '@mandado/web-kit/form/form-controls.tsx';

type Outcome = 'ask' | 'substitute' | 'refund';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * 'No disponible' on a line (issue 17): how many the store has (0 … ordered − 1), and what happens to the
 * rest as the buyer chose at checkout. 'similar' and 'call' allow a substitute from the store's own catalog
 * at the same or a lower price (the difference is refunded) or a refund; 'call' shows the remitter's phone
 * first (theirs, abroad: never the beneficiary's); 'refund' only refunds. A proposed substitute is asked of
 * the remitter first (issue 29, decision 062): the line changes when they answer, or by their preference.
 */
export function LineUnavailableDialog({
  storeId,
  order,
  line,
  onClose,
}: {
  storeId: number;
  order: StaffStoreOrder;
  line: StaffOrderLine;
  onClose: () => void;
}) {
  const ids = useId();
  const { refresh, fail } = useInboxActions(storeId);
  const outcomes = unavailableOutcomes(line.substitution);
  const [available, setAvailable] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(line.substitution === 'similar' ? 'substitute' : 'refund');
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState<number | null>(null);
  const missing = line.quantity - available;
  const [substituteQuantity, setSubstituteQuantity] = useState(missing);
  const [soldOut, setSoldOut] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const query = useDebounced(search.trim(), 300);
  const candidates = useQuery({
    ...substitutesQueryOptions(storeId, order.number, line.id, query),
    enabled: outcome !== 'refund',
  });
  // 'Llamarme antes' is the remitter's wish: their phone, abroad, never the beneficiary's (issue 29).
  const remitterPhone = order.remitter_phone ?? null;
  const phone = remitterPhone?.formatted ?? null;
  const call = remitterPhone ? `tel:${remitterPhone.e164}` : null;
  const chat = remitterPhone ? `https://wa.me/${remitterPhone.e164.replace(/\D/g, '')}` : null;

  useEffect(() => {
    setSubstituteQuantity((current) => Math.min(Math.max(1, current), missing));
  }, [missing]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (outcome !== 'refund' && productId === null) {
      setProblem('Elige el producto que envías en su lugar.');
      return;
    }
    setSaving(true);
    try {
      if (outcome === 'ask' && productId !== null) {
        await proposeSubstitute(storeId, order.number, line.id, {
          from: order.status,
          available_quantity: available,
          substitute: { product_id: productId, quantity: substituteQuantity },
        });
        notify({
          kind: 'success',
          title: 'Le preguntamos a quien compró',
          message: 'Verás su respuesta en este pedido.',
        });
        onClose();
        await refresh();
        return;
      }
      await setLineAvailability(storeId, order.number, line.id, {
        from: order.status,
        available_quantity: available,
        substitute:
          outcome === 'substitute' && productId !== null
            ? { product_id: productId, quantity: substituteQuantity }
            : null,
        // Only when ticked: the product stays on sale otherwise, as before (issue 31 item 5).
        ...(soldOut ? { mark_sold_out: true } : {}),
      });
      notify({
        kind: 'success',
        title: 'Producto actualizado',
        message:
          outcome === 'refund'
            ? 'Se devuelve lo que falta a quien pagó.'
            : 'Si el reemplazo cuesta menos, se devuelve la diferencia.',
      });
      onClose();
      await refresh();
    } catch (error) {
      if (isConflict(error)) {
        onClose();
        fail(error);
      } else {
        setProblem(failureText(error) ?? 'No pudimos guardar el cambio.');
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog title="Producto no disponible" onClose={onClose}>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="dialog__text">
          <strong>
            {line.quantity} × {line.name}
          </strong>
          <br />
          {SUBSTITUTION_STORE_TEXT[line.substitution]}
        </p>
        {line.substitution === 'call' && call ? (
          <div className="line-dialog__call">
            <p>Quien compró pidió que llames antes de cambiar algo.</p>
            <div className="line-dialog__call-links">
              <a className="button button--primary button--small" href={call}>
                Llamar
              </a>
              {chat ? (
                <a
                  className="button button--secondary button--small"
                  href={chat}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  WhatsApp
                </a>
              ) : null}
              <span className="line-dialog__phone">{phone}</span>
            </div>
          </div>
        ) : null}
        <div className="form__field">
          <label className="field-label" htmlFor={`${ids}-available`}>
            ¿Cuántas tienes?
          </label>
          <select
            id={`${ids}-available`}
            className="input"
            value={available}
            onChange={(event) => setAvailable(Number(event.target.value))}
          >
            {availableQuantityChoices(line.quantity).map((count) => (
              <option key={count} value={count}>
                {count === 0 ? 'Ninguna' : `${count} de ${line.quantity}`}
              </option>
            ))}
          </select>
        </div>
        {outcomes.length > 1 ? (
          <fieldset className="staff-choice">
            <legend className="staff-choice__legend">
              {missing === 1 ? 'Para la unidad que falta' : `Para las ${missing} unidades que faltan`}
            </legend>
            <label className="staff-choice__option">
              <input
                type="radio"
                name={`${ids}-outcome`}
                checked={outcome === 'ask'}
                onChange={() => setOutcome('ask')}
              />
              <span>Proponer otro producto y preguntar a quien compró</span>
            </label>
            <label className="staff-choice__option">
              <input
                type="radio"
                name={`${ids}-outcome`}
                checked={outcome === 'substitute'}
                onChange={() => setOutcome('substitute')}
              />
              <span>Enviar otro producto en su lugar</span>
            </label>
            <label className="staff-choice__option">
              <input
                type="radio"
                name={`${ids}-outcome`}
                checked={outcome === 'refund'}
                onChange={() => setOutcome('refund')}
              />
              <span>Devolver el dinero de lo que falta</span>
            </label>
          </fieldset>
        ) : (
          <p className="dialog__text">Se devuelve el dinero de lo que falta a quien pagó.</p>
        )}
        {outcome !== 'refund' ? (
          <div className="line-dialog__substitute">
            <div className="form__field">
              <label className="field-label" htmlFor={`${ids}-search`}>
                Buscar un reemplazo en tu tienda
              </label>
              <input
                id={`${ids}-search`}
                className="input"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                aria-describedby={`${ids}-search-hint`}
              />
              <p id={`${ids}-search-hint`} className="form__hint">
                Solo productos al mismo precio o más baratos; la diferencia se devuelve.
              </p>
            </div>
            {candidates.isPending ? (
              <Spinner label="Buscando productos" size="small" />
            ) : candidates.isError ? (
              <p className="form__alert">{candidates.error.message}</p>
            ) : candidates.data.length === 0 ? (
              <p className="form__hint">No hay productos que sirvan de reemplazo con esa búsqueda.</p>
            ) : (
              <fieldset className="staff-choice">
                <legend className="visually-hidden">Producto de reemplazo</legend>
                {candidates.data.map((candidate) => (
                  <label key={candidate.product_id} className="staff-choice__option">
                    <input
                      type="radio"
                      name={`${ids}-product`}
                      checked={productId === candidate.product_id}
                      onChange={() => setProductId(candidate.product_id)}
                    />
                    <span>
                      {candidate.name}
                      <span className="staff-choice__hint">
                        {' '}
                        · {candidatePriceText(candidate)} · {candidate.stock} en stock
                      </span>
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            {missing > 1 ? (
              <div className="form__field">
                <label className="field-label" htmlFor={`${ids}-quantity`}>
                  Cantidad del reemplazo
                </label>
                <select
                  id={`${ids}-quantity`}
                  className="input"
                  value={substituteQuantity}
                  onChange={(event) => setSubstituteQuantity(Number(event.target.value))}
                >
                  {Array.from({ length: missing }, (_, index) => index + 1).map((count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </div>
        ) : null}
        {outcome === 'ask' ? null : (
          <label className="staff-choice__option">
            <input type="checkbox" checked={soldOut} onChange={(event) => setSoldOut(event.target.checked)} />
            <span>Marcar como agotado (deja de venderse hasta que cargues stock)</span>
          </label>
        )}
        <FormProblem problem={problem} />
        <DialogActions confirmLabel="Guardar" onCancel={onClose} busy={saving} />
      </form>
    </Dialog>
  );
}

/** The candidate's price as the store sells it ('$U 239,00', issue 31); the dollars when the API has no other. */
function candidatePriceText(candidate: SubstituteCandidate): string {
  if (candidate.shelf_price !== undefined && candidate.currency !== undefined) {
    return moneyText(parseMoney(candidate.shelf_price), { code: candidate.currency });
  }
  return usdText(parseMoney(candidate.unit_price));
}
