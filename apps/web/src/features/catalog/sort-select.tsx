import { useId } from 'react';
import { PRODUCT_SORTS, type ProductSort } from './sort-products.ts';
import './catalog.css';

interface SortSelectProps {
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
}

export function SortSelect({ value, onChange }: SortSelectProps) {
  const id = useId();
  return (
    <div className="sort-select">
      <label htmlFor={id} className="sort-select__label">
        Ordenar por
      </label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(event) => {
          const option = PRODUCT_SORTS.find((item) => item.value === event.target.value);
          if (option) onChange(option.value);
        }}
      >
        {PRODUCT_SORTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
