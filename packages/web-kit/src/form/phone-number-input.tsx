import { type ChangeEvent, type Ref, useId, useMemo, useState } from 'react';
import { errorId } from './field-a11y.ts';
import {
  type CountryCode,
  composePhone,
  formatAsYouType,
  phoneCountryOptions,
  splitPhone,
} from './phone-value.ts';

interface PhoneNumberInputProps {
  /** The id of the number box (the field's label and error point at it). */
  fieldId: string;
  label: string;
  /** The international number the form holds ("+598 91 234 567"); read once, when the input mounts. */
  defaultValue: string;
  defaultCountry: CountryCode;
  error: string | undefined;
  required?: boolean;
  onChange: (international: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
}

/**
 * Spec §3/§5 phone of a remitter, who usually lives abroad: a country select and the number, formatted as it
 * is typed; the form receives the formatted international number (the spec's "formatted number"), and the
 * shared rule is the validity flag.
 */
export function PhoneNumberInput({
  fieldId,
  label,
  defaultValue,
  defaultCountry,
  error,
  required = false,
  onChange,
  onBlur,
  inputRef,
}: PhoneNumberInputProps) {
  const countryId = useId();
  const options = useMemo(phoneCountryOptions, []);
  const [initial] = useState(() => splitPhone(defaultValue, defaultCountry));
  const [country, setCountry] = useState<CountryCode>(initial.country);
  const [national, setNational] = useState(initial.national);

  function update(nextCountry: CountryCode, nextNational: string) {
    setCountry(nextCountry);
    setNational(nextNational);
    onChange(composePhone(nextCountry, nextNational));
  }

  function handleNumberChange(event: ChangeEvent<HTMLInputElement>) {
    const typed = event.target.value;
    // Format only while appending at the end: reformatting a deletion or an edit in the middle would put
    // back the space just deleted or move the caret.
    const appending = typed.length > national.length && event.target.selectionStart === typed.length;
    update(country, appending ? formatAsYouType(country, typed) : typed);
  }

  function handleNumberBlur() {
    // A number pasted with its "+code" selects its country, so what the shopper sees matches what is sent.
    const parts = national.trim().startsWith('+') ? splitPhone(national, country) : null;
    if (parts && parts.country !== country) update(parts.country, parts.national);
    onBlur();
  }

  return (
    <fieldset className="phone-input">
      <legend className={required ? 'field-label field-label--required' : 'field-label'}>{label}</legend>
      <div className="phone-input__row">
        <label className="visually-hidden" htmlFor={countryId}>
          País del teléfono
        </label>
        <select
          id={countryId}
          className="select phone-input__country"
          value={country}
          autoComplete="tel-country-code"
          onChange={(event) => {
            const next = options.find((option) => option.code === event.target.value)?.code;
            if (next) update(next, national);
          }}
        >
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor={fieldId}>
          Número de teléfono
        </label>
        <input
          ref={inputRef}
          id={fieldId}
          className={error ? 'input input--invalid phone-input__number' : 'input phone-input__number'}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(fieldId) : undefined}
          value={national}
          onChange={handleNumberChange}
          onBlur={handleNumberBlur}
        />
      </div>
      {error ? (
        <p id={errorId(fieldId)} className="form__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
