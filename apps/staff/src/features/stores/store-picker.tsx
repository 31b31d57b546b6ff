import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { useId } from 'react';
import './stores.css';

interface StorePickerProps {
  stores: readonly MerchantStore[];
  onChoose: (storeId: number) => void;
}

/** A member of several stores picks the one they work in now (remembered on this device). */
export function StorePicker({ stores, onChoose }: StorePickerProps) {
  return (
    <section className="store-picker" aria-labelledby="store-picker-title">
      <h1 id="store-picker-title" className="store-picker__title">
        ¿En qué tienda trabajas ahora?
      </h1>
      <ul className="store-picker__list">
        {stores.map((store) => (
          <li key={store.id}>
            <button type="button" className="store-picker__store" onClick={() => onChoose(store.id)}>
              <span className="store-picker__name">{store.name}</span>
              <span className="store-picker__city">{store.city}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface StoreSwitchProps {
  stores: readonly MerchantStore[];
  current: MerchantStore;
  onChoose: (storeId: number) => void;
}

/** The header's store: its name, and a switch when the member works for more than one. */
export function StoreSwitch({ stores, current, onChoose }: StoreSwitchProps) {
  const id = useId();
  if (stores.length < 2) return <p className="store-switch__name">{current.name}</p>;
  return (
    <div className="store-switch">
      <label htmlFor={id} className="visually-hidden">
        Tienda
      </label>
      <select
        id={id}
        className="store-switch__select"
        value={current.id}
        onChange={(event) => onChoose(Number(event.target.value))}
      >
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name}
          </option>
        ))}
      </select>
    </div>
  );
}
