import { zodResolver } from '@hookform/resolvers/zod';
import { type PasswordChange, passwordChangeSchema } from '@mandado/shared/account.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { apiFieldErrors } from '@mandado/web-kit/form/api-form-errors.ts';
import { Field, PasswordInput } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAppStore } from '../../state/app-store.ts';
import { changePassword } from './accounts.api.ts';
import './accounts.css';

type PasswordChangeValues = z.input<typeof passwordChangeSchema>;
const FIELDS = ['current_password', 'new_password'] as const;

function isFormField(field: string): field is (typeof FIELDS)[number] {
  return (FIELDS as readonly string[]).includes(field);
}

/**
 * The account page's 'Cambiar contraseña' (issue 16): the current password and a new one under the same policy
 * as registration. The server logs every other device out; this one stays.
 */
export function PasswordChangeForm() {
  const ids = useId();
  const currentId = `${ids}-current`;
  const nextId = `${ids}-new`;
  const mutation = useMutation({ mutationFn: (change: PasswordChange) => changePassword(change) });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordChangeValues, unknown, PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { current_password: '', new_password: '' },
  });

  const submit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (answer) => {
        reset();
        useAppStore
          .getState()
          .notify({ kind: 'success', title: 'Contraseña actualizada', message: answer.detail });
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(apiFieldErrors(error))) {
          if (isFormField(field)) setError(field, { type: 'server', message });
        }
      },
    }),
  );
  const fieldErrors = mutation.isError ? Object.keys(apiFieldErrors(mutation.error)).length : 0;

  return (
    <section className="account-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="account-card__title">
        Cambiar contraseña
      </h2>
      <form className="form auth-form" noValidate onSubmit={submit}>
        <Field
          fieldId={currentId}
          label="Contraseña actual"
          required
          error={errors.current_password?.message}
        >
          <PasswordInput
            fieldId={currentId}
            error={errors.current_password?.message}
            registration={register('current_password')}
            autoComplete="current-password"
          />
        </Field>
        <Field
          fieldId={nextId}
          label="Nueva contraseña"
          required
          error={errors.new_password?.message}
          hint="Al menos 8 caracteres. Cerraremos tu sesión en los demás dispositivos."
        >
          <PasswordInput
            fieldId={nextId}
            error={errors.new_password?.message}
            registration={register('new_password')}
            autoComplete="new-password"
            hintId={`${nextId}-hint`}
          />
        </Field>
        {mutation.isError && fieldErrors === 0 ? (
          <p className="form__alert" role="alert">
            {mutation.error.message || MESSAGES.serverError}
          </p>
        ) : null}
        <div className="account-card__actions">
          <button type="submit" className="button button--primary" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner size="small" /> : null}
            Cambiar contraseña
          </button>
        </div>
      </form>
    </section>
  );
}
