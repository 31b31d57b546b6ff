import { zodResolver } from '@hookform/resolvers/zod';
import type { City } from '@mandado/shared/catalog.schemas';
import {
  type StoreApplicationInput,
  type StoreApplicationValues,
  storeApplicationInputSchema,
} from '@mandado/shared/store-application.schemas';
import { STORE_KIND_LABELS, STORE_KINDS } from '@mandado/shared/store-kinds';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { EmailInput, Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { applicationFailure } from './application-failure.ts';
import { sendStoreApplication } from './store-application.api.ts';
import './store-application.css';

const RUT_HINT = '12 dígitos, como figura en tu constancia de la DGI';
const PHONE_EXAMPLE = '099 123 456';

export interface StoreAddressValue {
  address: string;
  position: { latitude: number; longitude: number } | null;
}

/** What the form hands to the address picker and map it is given (they live in another feature; app/ composes). */
export interface StoreAddressSlotProps {
  fieldId: string;
  value: StoreAddressValue;
  onChange: (next: StoreAddressValue) => void;
  addressError?: string;
  positionError?: string;
  addressRef?: (element: HTMLInputElement | null) => void;
}

interface StoreApplicationFormProps {
  /** The served cities, loaded before the form mounts so the default city is an option from the start. */
  cities: readonly City[];
  /** The shopper's chosen city, when it is a served one: most applicants sell where they live. */
  defaultCityId: number | undefined;
  renderAddressPicker: (props: StoreAddressSlotProps) => ReactNode;
}

type FormField = keyof StoreApplicationInput;

const FORM_FIELDS: ReadonlySet<FormField> = new Set(
  Object.keys(storeApplicationInputSchema.shape) as FormField[],
);

/**
 * The fields in the order the form shows them, for the focus after a failed check: react-hook-form's own
 * choice follows the order fields were registered, and the address registers before the inputs above it.
 * A missing pin focuses the address box, which describes the pin's message.
 */
const FOCUS_ORDER: readonly (readonly [FormField, FormField])[] = [
  ['store_name', 'store_name'],
  ['kind', 'kind'],
  ['rut', 'rut'],
  ['city_id', 'city_id'],
  ['address_line1', 'address_line1'],
  ['latitude', 'address_line1'],
  ['longitude', 'address_line1'],
  ['contact_name', 'contact_name'],
  ['email', 'email'],
  ['phone', 'phone'],
];

/**
 * Issue 18, 'Vende en Mandado': a store applies with the shared schema (the RUT's check digit is verified
 * here and again by the server). The answer replaces the form in a status region; on a failure every value
 * stays, the server's field messages go under their fields and any other reason above the button.
 */
export function StoreApplicationForm({
  cities,
  defaultCityId,
  renderAddressPicker,
}: StoreApplicationFormProps) {
  const prefix = useId();
  const id = (name: string) => `${prefix}-${name}`;
  const [received, setReceived] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | undefined>(undefined);
  const statusRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<StoreApplicationInput, unknown, StoreApplicationValues>({
    resolver: zodResolver(storeApplicationInputSchema),
    defaultValues: {
      store_name: '',
      address_line1: '',
      city_id: defaultCityId,
      // 0 is the schema's "no pin yet".
      latitude: 0,
      longitude: 0,
      contact_name: '',
      email: '',
      phone: '',
      rut: '',
    },
    shouldFocusError: false,
  });

  // The form and its button are gone: the focus moves to the answer, where a screen reader also reads it.
  useEffect(() => {
    if (received !== null) statusRef.current?.focus();
  }, [received]);

  const address = watch('address_line1');
  const latitude = watch('latitude');
  const longitude = watch('longitude');
  const position = latitude && longitude ? { latitude, longitude } : null;
  const addressField = register('address_line1');
  register('latitude');
  register('longitude');

  function changeAddress(next: StoreAddressValue) {
    setValue('address_line1', next.address, {
      shouldDirty: true,
      shouldValidate: errors.address_line1 !== undefined,
    });
    setValue('latitude', next.position?.latitude ?? 0, {
      shouldDirty: true,
      shouldValidate: errors.latitude !== undefined,
    });
    setValue('longitude', next.position?.longitude ?? 0, {
      shouldDirty: true,
      shouldValidate: errors.longitude !== undefined,
    });
  }

  async function send(values: StoreApplicationValues) {
    setAlert(undefined);
    try {
      const answer = await sendStoreApplication(values);
      setReceived(answer.detail);
    } catch (error) {
      const failure = applicationFailure(error, FORM_FIELDS);
      for (const [field, message] of failure.fields) setError(field, { type: 'server', message });
      focusFirst(new Set(failure.fields.map(([field]) => field)));
      setAlert(failure.alert);
    }
  }

  function focusFirst(invalid: ReadonlySet<FormField>) {
    const target = FOCUS_ORDER.find(([field]) => invalid.has(field));
    if (target) setFocus(target[1]);
  }

  const submit = handleSubmit(send, (invalid) => {
    setAlert(undefined);
    focusFirst(new Set(Object.keys(invalid) as FormField[]));
  });
  const positionError = errors.latitude?.message ?? errors.longitude?.message;
  const error = (name: FormField) => errors[name]?.message;

  return (
    <>
      <div ref={statusRef} role="status" tabIndex={-1} className="store-application__status">
        {received !== null ? (
          <>
            <h2 className="store-application__status-title">¡Gracias por tu solicitud!</h2>
            <p>{received}</p>
          </>
        ) : null}
      </div>
      {received === null ? (
        <form
          className="form store-application__form"
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label="Solicitud para vender en Mandado"
        >
          <fieldset className="store-application__group">
            <legend className="store-application__legend">Tu tienda</legend>
            <Field fieldId={id('name')} label="Nombre de la tienda" required error={error('store_name')}>
              <input
                {...invalidProps(id('name'), error('store_name'))}
                type="text"
                autoComplete="organization"
                {...register('store_name')}
              />
            </Field>
            <div className="store-application__row">
              <Field fieldId={id('kind')} label="Rubro" required error={error('kind')}>
                <select
                  {...invalidProps(id('kind'), error('kind'))}
                  className={error('kind') ? 'select input--invalid' : 'select'}
                  {...register('kind')}
                >
                  <option value="">Elige un rubro</option>
                  {STORE_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {STORE_KIND_LABELS[kind]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field fieldId={id('rut')} label="RUT" required error={error('rut')} hint={RUT_HINT}>
                <input
                  {...invalidProps(id('rut'), error('rut'), `${id('rut')}-hint`)}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  spellCheck={false}
                  {...register('rut')}
                />
              </Field>
            </div>
            <Field fieldId={id('city')} label="Ciudad" required error={error('city_id')}>
              <select
                {...invalidProps(id('city'), error('city_id'))}
                className={error('city_id') ? 'select input--invalid' : 'select'}
                {...register('city_id', { valueAsNumber: true })}
              >
                <option value="">Elige la ciudad</option>
                {cities.map((city) => (
                  <option key={city.id} value={city.id}>
                    {city.name === city.state ? city.name : `${city.name} (${city.state})`}
                  </option>
                ))}
              </select>
            </Field>
            {renderAddressPicker({
              fieldId: id('address'),
              value: { address: address ?? '', position },
              onChange: changeAddress,
              addressError: error('address_line1'),
              positionError,
              addressRef: addressField.ref,
            })}
          </fieldset>
          <fieldset className="store-application__group">
            <legend className="store-application__legend">Tus datos de contacto</legend>
            <Field fieldId={id('contact')} label="Nombre de contacto" required error={error('contact_name')}>
              <input
                {...invalidProps(id('contact'), error('contact_name'))}
                type="text"
                autoComplete="name"
                {...register('contact_name')}
              />
            </Field>
            <div className="store-application__row">
              <Field fieldId={id('email')} label="Correo electrónico" required error={error('email')}>
                <EmailInput fieldId={id('email')} error={error('email')} registration={register('email')} />
              </Field>
              <Field
                fieldId={id('phone')}
                label="Teléfono"
                required
                error={error('phone')}
                hint={`Ejemplo: ${PHONE_EXAMPLE}`}
              >
                <input
                  {...invalidProps(id('phone'), error('phone'), `${id('phone')}-hint`)}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder={PHONE_EXAMPLE}
                  {...register('phone')}
                />
              </Field>
            </div>
          </fieldset>
          <FormProblem problem={alert} />
          <button
            type="submit"
            className="button button--primary store-application__submit"
            disabled={isSubmitting}
          >
            {isSubmitting ? <Spinner size="small" /> : null}
            Enviar solicitud
          </button>
        </form>
      ) : null}
    </>
  );
}
