import { zodResolver } from '@hookform/resolvers/zod';
import { type CityRequest, cityRequestSchema } from '@mandado/shared/city-request.schemas';
import { normalizeEmail } from '@mandado/shared/validation-rules';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FocusEvent, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAppStore } from '../../state/app-store.ts';
import { requestCity } from './locations.api.ts';
import './not-my-city-panel.css';

type CityRequestInput = z.input<typeof cityRequestSchema>;

const SHAKE_MS = 400;

const CITY_REQUEST_SENT_TITLE = 'Solicitud Enviada';
const CITY_REQUEST_SENT_TEXT =
  'Gracias. Nuestro equipo te va a escribir por correo electrónico cuando tu ciudad tenga el servicio.';

function fieldMessages(body: unknown, field: keyof CityRequest): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = (body as Record<string, unknown>)[field];
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
}

interface NotMyCityPanelProps {
  onClose: () => void;
}

/** Spec §2/§4/§5: the "No veo mi ciudad" request, a sheet that slides up from the bottom. */
export function NotMyCityPanel({ onClose }: NotMyCityPanelProps) {
  const notify = useAppStore((state) => state.notify);
  const [shaking, setShaking] = useState(false);
  const cityId = useId();
  const emailId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CityRequestInput, unknown, CityRequest>({
    resolver: zodResolver(cityRequestSchema),
    defaultValues: { city: '', email: '' },
  });
  const mutation = useMutation({
    mutationFn: requestCity,
    onSuccess: () => {
      notify({ kind: 'success', title: CITY_REQUEST_SENT_TITLE, message: CITY_REQUEST_SENT_TEXT });
      reset();
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const field of ['city', 'email'] as const) {
        const message = fieldMessages(error.body, field);
        if (message) setError(field, { type: 'server', message });
      }
    },
  });

  useEffect(() => {
    if (!shaking) return;
    const timer = window.setTimeout(() => setShaking(false), SHAKE_MS);
    return () => window.clearTimeout(timer);
  }, [shaking]);

  // Registration order is the focus order for errors: city first, as on screen.
  const cityField = register('city');
  const emailField = register('email');

  // Spec §5: e-mail inputs are shown in lowercase, and trimmed.
  function handleEmailChange(event: ChangeEvent<HTMLInputElement>) {
    const lower = event.target.value.toLowerCase();
    if (lower !== event.target.value) event.target.value = lower;
    return emailField.onChange(event);
  }

  function handleEmailBlur(event: FocusEvent<HTMLInputElement>) {
    const normalized = normalizeEmail(event.target.value);
    if (normalized !== event.target.value) {
      event.target.value = normalized;
      void emailField.onChange(event);
    }
    return emailField.onBlur(event);
  }

  const submit = handleSubmit(
    (values) => mutation.mutate(values),
    () => setShaking(true),
  );

  return (
    <Dialog title="¿No ves tu ciudad?" variant="sheet" onClose={onClose}>
      <p className="dialog__text">
        Cuéntanos a qué ciudad quieres que enviemos y te avisamos por correo cuando lleguemos.
      </p>
      <form className="form not-my-city" noValidate onSubmit={submit}>
        <div className="form__field">
          <label className="field-label field-label--required" htmlFor={cityId}>
            Ciudad
          </label>
          <input
            id={cityId}
            className={errors.city ? 'input input--invalid' : 'input'}
            type="text"
            autoComplete="address-level2"
            aria-invalid={errors.city ? true : undefined}
            aria-describedby={errors.city ? `${cityId}-error` : undefined}
            {...cityField}
          />
          {errors.city ? (
            <p id={`${cityId}-error`} className="form__error">
              {errors.city.message}
            </p>
          ) : null}
        </div>
        <div className="form__field">
          <label className="field-label field-label--required" htmlFor={emailId}>
            Correo electrónico
          </label>
          <input
            id={emailId}
            className={errors.email ? 'input input--invalid' : 'input'}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${emailId}-error` : undefined}
            name={emailField.name}
            ref={emailField.ref}
            onChange={handleEmailChange}
            onBlur={handleEmailBlur}
          />
          {errors.email ? (
            <p id={`${emailId}-error`} className="form__error">
              {errors.email.message}
            </p>
          ) : null}
        </div>
        {mutation.isError ? (
          <p className="form__alert" role="alert">
            {mutation.error.message}
          </p>
        ) : null}
        <button
          type="submit"
          className={
            shaking
              ? 'button button--primary button--block is-shaking'
              : 'button button--primary button--block'
          }
          disabled={mutation.isPending}
        >
          {mutation.isPending ? <Spinner size="small" /> : null}
          Enviar solicitud
        </button>
      </form>
    </Dialog>
  );
}
