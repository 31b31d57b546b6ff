import { zodResolver } from '@hookform/resolvers/zod';
import { mapsLink } from '@mandado/shared/maps-link';
import { MESSAGES } from '@mandado/shared/messages';
import {
  type MerchantStoreProfile,
  type StoreProfileInput,
  type StoreProfileValues,
  storeProfileInputSchema,
} from '@mandado/shared/store-profile.schemas';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FieldError, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { goLiveKey } from '../../lib/go-live-key.ts';
import { findAddress, profileKey, saveProfile, uploadLogo } from './profile.api.ts';

type FormField = keyof StoreProfileInput;
const FORM_FIELDS: readonly FormField[] = [
  'name',
  'phone',
  'address_line1',
  'address_line2',
  'latitude',
  'longitude',
];

function formValues(profile: MerchantStoreProfile): StoreProfileInput {
  return {
    name: profile.name,
    phone: profile.phone,
    address_line1: profile.address_line1,
    address_line2: profile.address_line2,
    latitude: profile.latitude,
    longitude: profile.longitude,
  };
}

/**
 * 'Perfil': name, phone, address with its pin, saved with one button, and the logo ('Cambiar logo' uploads
 * at once). The shop's map picker lives in the shop, so the pin comes from 'Ubicar en el mapa': the address
 * through the shop's geocoder, shown as a maps link to check (decision 047). Server reasons go under their
 * fields (the pin's under the address) and every value stays.
 */
export function ProfileForm({ storeId, profile }: { storeId: number; profile: MerchantStoreProfile }) {
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [placeLabel, setPlaceLabel] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<StoreProfileInput, unknown, StoreProfileValues>({
    resolver: zodResolver(storeProfileInputSchema),
    defaultValues: formValues(profile),
  });
  const latitude = watch('latitude');
  const longitude = watch('longitude');
  const pinLink = mapsLink(latitude, longitude);
  const pinError = errors.latitude?.message ?? errors.longitude?.message;

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const saved = await saveProfile(storeId, values);
      queryClient.setQueryData(profileKey(storeId), saved);
      void queryClient.invalidateQueries({ queryKey: goLiveKey(storeId) });
      // The store's name shows in the header and the store picker.
      void queryClient.invalidateQueries({ queryKey: ['merchant', 'stores'] });
      notify({ kind: 'success', title: 'Guardaste el perfil de tu tienda' });
    } catch (error) {
      const fields = apiFieldErrors(error);
      let placed = false;
      for (const field of FORM_FIELDS) {
        const message = fields[field];
        if (message) {
          setError(field, { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setProblem(failureText(error) ?? MESSAGES.serverError);
    }
  });

  async function locate() {
    const address = getValues('address_line1').trim();
    setPlaceLabel(null);
    if (address.length < 3) {
      setError('address_line1', { message: 'Escribe la calle y el número' }, { shouldFocus: true });
      return;
    }
    setLocating(true);
    try {
      const { results } = await findAddress(`${address}, ${profile.city}`);
      const place = results.find((result) => result.zone.in_service_area) ?? results[0];
      if (!place) {
        setError(
          'address_line1',
          { message: 'No encontramos esa dirección: revisa la calle y el número' },
          { shouldFocus: true },
        );
        return;
      }
      setValue('latitude', place.latitude, { shouldDirty: true });
      setValue('longitude', place.longitude, { shouldDirty: true });
      clearErrors(['latitude', 'longitude', 'address_line1']);
      setPlaceLabel(place.label);
    } catch (error) {
      setError('address_line1', { message: failureText(error) ?? MESSAGES.serverError });
    } finally {
      setLocating(false);
    }
  }

  return (
    <form className="form profile-form" noValidate onSubmit={submit}>
      <LogoPicker storeId={storeId} logo={profile.logo} />
      <Field fieldId={id('name')} label="Nombre de la tienda" required error={errors.name?.message}>
        <input
          type="text"
          autoComplete="organization"
          {...invalidProps(id('name'), errors.name?.message)}
          {...register('name')}
        />
      </Field>
      <Field
        fieldId={id('phone')}
        label="Teléfono"
        required
        error={errors.phone?.message}
        hint="Un número de Uruguay, como 099 123 456 o 2622 1234."
      >
        <input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...invalidProps(id('phone'), errors.phone?.message, `${id('phone')}-hint`)}
          {...register('phone')}
        />
      </Field>
      <Field
        fieldId={id('address')}
        label="Dirección (calle y número)"
        required
        error={errors.address_line1?.message}
      >
        <input
          type="text"
          autoComplete="street-address"
          {...invalidProps(id('address'), errors.address_line1?.message, `${id('pin')}-text`)}
          {...register('address_line1')}
        />
      </Field>
      <Field
        fieldId={id('address2')}
        label="Piso, local o referencia"
        error={errors.address_line2?.message}
        hint="Opcional."
      >
        <input
          type="text"
          {...invalidProps(id('address2'), errors.address_line2?.message, `${id('address2')}-hint`)}
          {...register('address_line2')}
        />
      </Field>
      <div className="profile-form__pin">
        <p id={`${id('pin')}-text`} className="profile-form__pin-text">
          {placeLabel ? `Ubicamos: ${placeLabel}. ` : null}
          {pinLink ? (
            <a href={pinLink} target="_blank" rel="noopener noreferrer">
              Ver el punto en el mapa
            </a>
          ) : (
            'Todavía no marcaste la tienda en el mapa.'
          )}
        </p>
        <button
          type="button"
          className="button button--secondary"
          disabled={locating}
          onClick={() => void locate()}
        >
          {locating ? <Spinner size="small" /> : null}
          Ubicar en el mapa
        </button>
        <FieldError fieldId={id('pin')} message={pinError} />
      </div>
      <FormProblem problem={problem} />
      <div className="store-settings__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? <Spinner size="small" /> : null}
          Guardar perfil
        </button>
      </div>
    </form>
  );
}

/** The logo and 'Cambiar logo': the chosen photo is uploaded at once and replaces the logo the shop shows. */
function LogoPicker({ storeId, logo }: { storeId: number; logo: string }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setUploading(true);
    try {
      const saved = await uploadLogo(storeId, file);
      // Only the logo: the form's other boxes may hold changes not saved yet.
      queryClient.setQueryData(profileKey(storeId), (current: MerchantStoreProfile | undefined) =>
        current ? { ...current, logo: saved.logo } : saved,
      );
      notify({ kind: 'success', title: 'Cambiaste el logo de tu tienda' });
    } catch (error) {
      setProblem(failureText(error) ?? MESSAGES.serverError);
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="profile-logo">
      {logo ? (
        <img src={logo} alt="Logo de tu tienda" width={72} height={72} className="profile-logo__image" />
      ) : (
        <span className="profile-logo__image profile-logo__image--empty">Sin logo</span>
      )}
      <div className="profile-logo__actions">
        <input
          id={`${ids}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="profile-logo__input"
          disabled={uploading}
          aria-describedby={problem ? `${ids}-error` : `${ids}-hint`}
          onChange={(event) => void choose(event)}
        />
        <label htmlFor={`${ids}-file`} className="button button--secondary profile-logo__pick">
          {uploading ? <Spinner size="small" /> : null}
          Cambiar logo
        </label>
        <p id={`${ids}-hint`} className="form__hint">
          JPEG, PNG o WebP, hasta 8 MB. Se guarda al elegirlo.
        </p>
        {problem ? (
          <p id={`${ids}-error`} className="form__error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
