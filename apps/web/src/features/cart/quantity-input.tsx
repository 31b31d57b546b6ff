import { type KeyboardEvent, useState } from 'react';
import { useAppStore } from '../../state/app-store.ts';
import { type CartItem, maxCount } from '../../state/cart/cart-machine.ts';
import { MinusIcon, PlusIcon } from './cart-icons.tsx';
import { type QuantityOutcome, quantityOnCommit, quantityOnInput } from './quantity-field.ts';

/** Spec §4 Quantity field, with − and + beside it (the strip's controls, for phones that have no strip). */
export function QuantityStepper({ item }: { item: CartItem }) {
  const dispatch = useAppStore((state) => state.cartDispatch);
  const { product, count } = item;
  // While the shopper types, the field shows what they typed; otherwise the count.
  const [draft, setDraft] = useState<string | null>(null);

  function apply(outcome: QuantityOutcome) {
    if (outcome.kind === 'set') dispatch({ type: 'set-count', productId: product.id, count: outcome.count });
    else if (outcome.kind === 'remove') dispatch({ type: 'remove', productId: product.id });
  }

  function commit(raw: string) {
    apply(quantityOnCommit(raw));
    setDraft(null);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter confirms, as leaving the field does; focus stays for another change.
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(event.currentTarget.value);
    }
  }

  return (
    <div className="quantity-stepper">
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={`Disminuir cantidad de ${product.name}`}
        onClick={() => dispatch({ type: 'decrease', productId: product.id })}
      >
        <MinusIcon size={16} />
      </button>
      <input
        type="number"
        inputMode="numeric"
        className="input quantity-stepper__input"
        aria-label={`Cantidad de ${product.name}`}
        min={1}
        max={maxCount(product)}
        step={1}
        value={draft ?? String(count)}
        onChange={(event) => {
          setDraft(event.target.value);
          apply(quantityOnInput(event.target.value));
        }}
        onBlur={(event) => commit(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
      />
      <button
        type="button"
        className="quantity-stepper__button"
        aria-label={`Aumentar cantidad de ${product.name}`}
        disabled={count >= maxCount(product)}
        onClick={() => dispatch({ type: 'increase', productId: product.id })}
      >
        <PlusIcon size={16} />
      </button>
    </div>
  );
}
