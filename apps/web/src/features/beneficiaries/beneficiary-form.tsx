import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Beneficiary,
  type BeneficiaryInput,
  type BeneficiaryValues,
  beneficiaryInputSchema,
  RESIDENCIES,
  RESIDENCY_LABELS,
} from '@mandado/shared/beneficiary.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { LANDLINE_MASK_EXAMPLE, MOBILE_MASK_EXAMPLE, maskPhoneInput } from '@mandado/shared/uruguay-phone';
import { apiFieldErrors } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { EmailInput, Field } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';

/** Spec §9 and §5: a failed check shakes the button for 400 ms. */
export const SHAKE_MS = 400;

export interface AddressSlotValue {
  address: string;
  position: { latitude: number; longitude: number } | null;
}

/** What the form hands to the address picker it is given (the map lives in another feature; app/ composes). */
export interface AddressSlotProps {
  fieldId: string;
  value: AddressSlotValue;
  onChange: (next: AddressSlotValue) => void;
  addressError?: string;
  positionError?: string;
  addressRef?: (element: HTMLInputElement | null) => void;
}

interface BeneficiaryFormProps {
  cityId: number;
  cityName: string;
  /** The beneficiary being edited; null adds a new one. */
  editing: Beneficiary | null;
  renderAddressPicker: (props: AddressSlotProps) => ReactNode;
  /** Resolves with the saved beneficiary; rejects with the API's error. */
  onSave: (input: BeneficiaryValues) => Promise<unknown>;
  onCancel: () => void;
}

function initialValues(cityId: number, editing: Beneficiary | null): Partial<BeneficiaryInput> {
  if (!editing) {
    return {
      first_name: '',
      last_name: '',
      address_line1: '',
      city_id: cityId,
      mobile_number: '',
      phone_number: '',
      latitude: 0,
      longitude: 0,
      email: '',
      delivery_notes: '',
    };
  }
  return {
    first_name: editing.first_name,
    last_name: editing.last_name,
    address_line1: editing.address_line1,
    city_id: editing.city.id,
    mobile_number: editing.mobile_number,
    phone_number: editing.phone_number,
    residency: editing.residency,
    latitude: editing.latitude,
    longitude: editing.longitude,
    email: editing.email,
    delivery_notes: editing.delivery_notes,
  };
}

const FORM_FIELDS = new Set<string>(Object.keys(beneficiaryInputSchema.shape));

interface MaskedPhoneFieldProps {
  control: Control<BeneficiaryInput, unknown, BeneficiaryValues>;
  name: 'mobile_number' | 'phone_number';
  fieldId: string;
  label: string;
  required?: boolean;
  /** The mask as an example, shown as the hint and the placeholder (§5). */
  example: string;
  /** Which mask the shared uruguay-phone rules apply as the user types. */
  kind: 'mobile' | 'landline';
}

/** A Uruguayan phone in its §5 mask: the mobile and the landline differ only in mask and label. */
function MaskedPhoneField({
  control,
  name,
  fieldId,
  label,
  required = false,
  example,
  kind,
}: MaskedPhoneFieldProps) {
  // A change with more digits than the number has is refused, with the reason, instead of cut (issue 16).
  const [refused, setRefused] = useState(false);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = refused ? MESSAGES.invalidPhone : fieldState.error?.message;
        return (
          <Field
            fieldId={fieldId}
            label={label}
            required={required}
            error={error}
            hint={`Ejemplo: ${example}`}
          >
            <input
              {...invalidProps(fieldId, error, `${fieldId}-hint`)}
              className={error ? 'input input--invalid input--alert' : 'input'}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder={example}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={(event) => {
                const next = maskPhoneInput(kind, event.target.value);
                setRefused(next.refused);
                if (!next.refused) field.onChange(next.value);
              }}
              onBlur={field.onBlur}
            />
          </Field>
        );
      }}
    />
  );
}

/**
 * Spec §5 Address form, add and edit (the edit check asks the same fields): the shared zod schema, the
 * phone masks applied as the user types, the address and its map position. The user's values stay on error.
 */
export function BeneficiaryForm({
  cityId,
  cityName,
  editing,
  renderAddressPicker,
  onSave,
  onCancel,
}: BeneficiaryFormProps) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const [shaking, setShaking] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BeneficiaryInput, unknown, BeneficiaryValues>({
    resolver: zodResolver(beneficiaryInputSchema),
    defaultValues: initialValues(cityId, editing),
    shouldFocusError: true,
  });

  useEffect(() => {
    if (!shaking) return;
    const timer = window.setTimeout(() => setShaking(false), SHAKE_MS);
    return () => window.clearTimeout(timer);
  }, [shaking]);

  const address = watch('address_line1');
  const latitude = watch('latitude');
  const longitude = watch('longitude');
  const position = latitude && longitude ? { latitude, longitude } : null;
  const addressField = register('address_line1');
  register('latitude');
  register('longitude');

  function changeAddress(next: AddressSlotValue) {
    const touched = { shouldDirty: true, shouldValidate: errors.address_line1 !== undefined };
    setValue('address_line1', next.address, touched);
    setValue('latitude', next.position?.latitude ?? 0, {
      shouldDirty: true,
      shouldValidate: errors.latitude !== undefined,
    });
    setValue('longitude', next.position?.longitude ?? 0, {
      shouldDirty: true,
      shouldValidate: errors.longitude !== undefined,
    });
  }

  async function save(values: BeneficiaryValues) {
    try {
      await onSave(values);
    } catch (error) {
      // Spec §8: a failed create only resets the flags, no notification; a 400's field messages still land
      // under their fields so the user knows what to fix.
      for (const [field, message] of Object.entries(apiFieldErrors(error))) {
        if (FORM_FIELDS.has(field)) setError(field as keyof BeneficiaryInput, { type: 'server', message });
      }
    }
  }

  const submit = handleSubmit(save, () => setShaking(true));
  const positionError = errors.latitude?.message ?? errors.longitude?.message;

  return (
    <form className="form beneficiary-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="beneficiary-form__scroll">
        <div className="beneficiary-form__row">
          <Field fieldId={id('first')} label="Nombre" required error={errors.first_name?.message}>
            <input
              {...invalidProps(id('first'), errors.first_name?.message)}
              type="text"
              autoComplete="off"
              {...register('first_name')}
            />
          </Field>
          <Field fieldId={id('last')} label="Apellido" required error={errors.last_name?.message}>
            <input
              {...invalidProps(id('last'), errors.last_name?.message)}
              type="text"
              autoComplete="off"
              {...register('last_name')}
            />
          </Field>
        </div>
        <div className="beneficiary-form__row">
          <MaskedPhoneField
            control={control}
            name="mobile_number"
            fieldId={id('mobile')}
            label="Celular"
            required
            example={MOBILE_MASK_EXAMPLE}
            kind="mobile"
          />
          <MaskedPhoneField
            control={control}
            name="phone_number"
            fieldId={id('landline')}
            label="Teléfono fijo (opcional)"
            example={LANDLINE_MASK_EXAMPLE}
            kind="landline"
          />
        </div>
        <Field
          fieldId={id('residency')}
          label="Tipo de residencia"
          required
          error={errors.residency?.message}
        >
          <select
            {...invalidProps(id('residency'), errors.residency?.message)}
            className={errors.residency ? 'select input--invalid' : 'select'}
            {...register('residency')}
          >
            <option value="">Elige una opción</option>
            {RESIDENCIES.map((residency) => (
              <option key={residency} value={residency}>
                {RESIDENCY_LABELS[residency]}
              </option>
            ))}
          </select>
        </Field>
        <p className="beneficiary-form__city">
          Ciudad: <strong>{cityName}</strong>, Uruguay
        </p>
        {renderAddressPicker({
          fieldId: id('address'),
          value: { address: address ?? '', position },
          onChange: changeAddress,
          addressError: errors.address_line1?.message,
          positionError,
          addressRef: addressField.ref,
        })}
        <Field fieldId={id('email')} label="Correo electrónico (opcional)" error={errors.email?.message}>
          <EmailInput fieldId={id('email')} error={errors.email?.message} registration={register('email')} />
        </Field>
        <Field
          fieldId={id('notes')}
          label="Indicaciones para el repartidor"
          error={errors.delivery_notes?.message}
          hint="Por ejemplo: Portón azul, timbre 2"
        >
          <input
            {...invalidProps(id('notes'), errors.delivery_notes?.message, `${id('notes')}-hint`)}
            type="text"
            autoComplete="off"
            {...register('delivery_notes')}
          />
        </Field>
      </div>
      <div className="beneficiary-form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancelar
        </button>
        <button
          type="submit"
          className={
            shaking ? 'button button--primary beneficiary-form__submit--shake' : 'button button--primary'
          }
          disabled={isSubmitting}
        >
          {isSubmitting ? <Spinner size="small" /> : null}
          {editing ? 'Guardar cambios' : 'Guardar dirección'}
        </button>
      </div>
    </form>
  );
}
