import { useState } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { PhoneNumberInput } from './phone-number-input.tsx';
import { defaultPhoneCountry } from './phone-value.ts';

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

interface PhoneFieldProps<TValues extends FieldValues, TTransformed> {
  control: Control<TValues, unknown, TTransformed>;
  /** A string field of the form: the formatted international number ("+598 91 234 567"). */
  name: FieldPathByValue<TValues, string>;
  fieldId: string;
  label?: string;
  required?: boolean;
  /** The visitor's country as the app knows it (the display currency's), which the country select starts on. */
  visitorCountry?: string | null;
}

/**
 * Spec §3/§5 phone field for any react-hook-form form: the country select and the number (PhoneNumberInput)
 * wired to the form's field, with its label and its error. The country starts from the visitor's country, or
 * the browser's languages, when the form holds no number yet. Generic over the form, so each form keeps its own types without casts.
 */
export function PhoneField<TValues extends FieldValues, TTransformed = TValues>({
  control,
  name,
  fieldId,
  label = 'Teléfono',
  required = true,
  visitorCountry = null,
}: PhoneFieldProps<TValues, TTransformed>) {
  const [defaultCountry] = useState(() => defaultPhoneCountry(browserLanguages(), visitorCountry));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <PhoneNumberInput
          fieldId={fieldId}
          label={label}
          required={required}
          defaultValue={typeof field.value === 'string' ? field.value : ''}
          defaultCountry={defaultCountry}
          error={fieldState.error?.message}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
        />
      )}
    />
  );
}
