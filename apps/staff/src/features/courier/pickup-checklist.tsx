import type { CourierStoreOrder } from '@mandado/shared/courier.schemas';
import { useId } from 'react';

/**
 * Issue 29: the courier ticks off each product at the store before 'Retiré el pedido' (the page says which are
 * missing when one is not ticked), so what leaves the store is what the family will check at the door.
 */
export function PickupChecklist({
  items,
  ticked,
  onChange,
}: {
  items: CourierStoreOrder['items'];
  ticked: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
}) {
  const ids = useId();
  if (items.length === 0) return null;
  return (
    <fieldset className="courier-checklist">
      <legend className="courier-panel__title">Revisa lo que retiras</legend>
      {items.map((item, index) => (
        // The list comes in the order's order and never moves.
        // biome-ignore lint/suspicious/noArrayIndexKey: a name may repeat (a line and its substitute).
        <div key={index} className="courier-checklist__item">
          <input
            id={`${ids}-${index}`}
            type="checkbox"
            checked={ticked.has(index)}
            onChange={(event) => {
              const next = new Set(ticked);
              if (event.target.checked) next.add(index);
              else next.delete(index);
              onChange(next);
            }}
          />
          <label htmlFor={`${ids}-${index}`}>
            {item.name} · {item.quantity === 1 ? '1 unidad' : `${item.quantity} unidades`}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
