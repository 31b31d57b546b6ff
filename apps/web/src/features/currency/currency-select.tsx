import { CURRENCY_FLAGS, isCurrencyCode } from '@mandado/shared/country-currency';
import { useId } from 'react';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { useAppStore } from '../../state/app-store.ts';
import { useCurrencyState } from './use-currency-state.ts';

function flagFor(code: string): string {
  return isCurrencyCode(code) ? CURRENCY_FLAGS[code] : '';
}

interface CurrencySelectProps {
  variant: 'header' | 'bar';
}

/** The currency picker (spec §2): a native select, so the list, keyboard and screen readers just work. */
export function CurrencySelect({ variant }: CurrencySelectProps) {
  const id = useId();
  const { currencies } = useCurrencyState();
  const display = useDisplayCurrency();
  const setCurrencyCode = useAppStore((state) => state.setCurrencyCode);
  const options = currencies ?? [{ code: display.code, currency: display.code }];
  return (
    <div className={`currency-select currency-select--${variant}`}>
      <label htmlFor={id} className="currency-select__label">
        Moneda
      </label>
      <select
        id={id}
        className="select currency-select__control"
        value={display.code}
        disabled={!currencies}
        onChange={(event) => setCurrencyCode(event.target.value)}
      >
        {options.map((currency) => (
          <option key={currency.code} value={currency.code} title={currency.currency}>
            {/* The phone's bottom bar has about 70 px for the select at 360 px: the code alone fits. */}
            {variant === 'bar' ? currency.code : `${flagFor(currency.code)} ${currency.code}`.trim()}
          </option>
        ))}
      </select>
    </div>
  );
}
