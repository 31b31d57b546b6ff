import { GIFT_MESSAGE_MAX, montevideoDayOf } from '@mandado/shared/store-windows';
import { type DeliverySlots, WINDOW_MESSAGES } from '@mandado/shared/store-windows.schemas';
import { useId } from 'react';

interface DeliveryWindowPickerProps {
  stores: DeliverySlots['stores'] | null;
  lastDay: string | null;
  problem: string | null;
  chosen: Readonly<Record<string, string>>;
  occasionDay: string | null;
  giftMessage: string;
  onChoose: (storeId: number, startsAt: string) => void;
  onOccasionDay: (day: string | null) => void;
  onGiftMessage: (text: string) => void;
}

/**
 * 'Franja de entrega' (decision 065): per store, its windows as radios (full ones disabled, 'Completo'), an
 * optional day up to 14 days ahead for an occasion, and an optional gift message for the family.
 */
export function DeliveryWindowPicker(props: DeliveryWindowPickerProps) {
  const ids = useId();
  const { stores, chosen } = props;
  return (
    <div className="checkout-windows">
      <div className="form__field">
        <label className="field-label" htmlFor={`${ids}-day`}>
          ¿Para una fecha especial? (opcional)
        </label>
        <input
          id={`${ids}-day`}
          className="input"
          type="date"
          min={montevideoDayOf(new Date())}
          max={props.lastDay ?? undefined}
          value={props.occasionDay ?? ''}
          onChange={(event) => props.onOccasionDay(event.target.value || null)}
        />
        <p className="checkout-choice__hint">{WINDOW_MESSAGES.dayTooFar} Vacío: lo antes posible.</p>
      </div>
      {props.problem ? (
        <p className="form__error" role="alert">
          {props.problem}
        </p>
      ) : null}
      {stores === null && !props.problem ? <p>Cargando franjas de entrega…</p> : null}
      {(stores ?? []).map((store) => (
        <fieldset key={store.store_id} className="checkout-choice">
          <legend className="checkout-choice__legend">Franja de entrega · {store.store_name}</legend>
          {store.slots.length === 0 ? <p>No hay franjas ese día: elige otra fecha.</p> : null}
          {store.slots.map((slot) => (
            <label key={slot.starts_at} className="checkout-choice__option">
              <input
                type="radio"
                name={`${ids}-window-${store.store_id}`}
                value={slot.starts_at}
                disabled={slot.full}
                checked={chosen[String(store.store_id)] === slot.starts_at}
                onChange={() => props.onChoose(store.store_id, slot.starts_at)}
              />
              <span>
                {slot.text}
                {slot.full ? <span className="checkout-choice__hint"> — {WINDOW_MESSAGES.full}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
      ))}
      <div className="form__field">
        <label className="field-label" htmlFor={`${ids}-gift`}>
          Mensaje para quien recibe (opcional)
        </label>
        <textarea
          id={`${ids}-gift`}
          className="input"
          rows={2}
          maxLength={GIFT_MESSAGE_MAX}
          value={props.giftMessage}
          onChange={(event) => props.onGiftMessage(event.target.value)}
        />
      </div>
    </div>
  );
}
