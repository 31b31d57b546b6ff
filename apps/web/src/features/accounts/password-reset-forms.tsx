import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from '@mandado/shared/account.schemas';
import { normalizeEmail } from '@mandado/shared/validation-rules';
import { ApiError, apiPost } from '@mandado/web-kit/api-client.ts';
import { apiFieldErrors } from '@mandado/web-kit/form/api-form-errors.ts';
import { EmailInput, Field, PasswordInput } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useConfirmPasswordReset, useRequestPasswordReset } from './use-password-reset.ts';
import './accounts.css';

/** A field's own message shows under it; the alert is for the rest (an expired link, throttling). */
function hasFieldErrors(error: unknown): boolean {
  return Object.keys(apiFieldErrors(error)).length > 0;
}

type RequestValues = z.input<typeof passwordResetRequestSchema>;

/**
 * Step 1: the e-mail; the answer is the same text whether an account exists or not. `initialEmail` is what the
 * shopper already typed in the login panel, so they need not type it again.
 */
export function PasswordResetRequestForm({ initialEmail = '' }: { initialEmail?: string }) {
  const ids = useId();
  const emailId = `${ids}-email`;
  const mutation = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RequestValues, unknown, z.output<typeof passwordResetRequestSchema>>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: normalizeEmail(initialEmail) },
  });

  if (mutation.isSuccess) {
    return (
      <div className="auth-result" role="status">
        <p className="auth-result__text">{mutation.data.detail}</p>
        <Link to="/login" className="button button--secondary">
          Volver a iniciar sesión
        </Link>
      </div>
    );
  }

  const submit = handleSubmit(({ email }) =>
    mutation.mutate(email, {
      onError: (error) => {
        const message = apiFieldErrors(error).email;
        if (message) setError('email', { type: 'server', message });
      },
    }),
  );

  return (
    <form className="form auth-form" noValidate onSubmit={submit}>
      <p className="auth-form__lead">
        Escribe el correo de tu cuenta y te enviaremos un enlace para crear una contraseña nueva.
      </p>
      <Field fieldId={emailId} label="Correo electrónico" required error={errors.email?.message}>
        <EmailInput fieldId={emailId} error={errors.email?.message} registration={register('email')} />
      </Field>
      {mutation.isError && !hasFieldErrors(mutation.error) ? (
        <p className="form__alert" role="alert">
          {mutation.error.message}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
        {mutation.isPending ? <Spinner size="small" /> : null}
        Enviar enlace
      </button>
    </form>
  );
}

const newPasswordSchema = passwordResetConfirmSchema.pick({ password: true });
type NewPasswordValues = z.input<typeof newPasswordSchema>;

/**
 * Whether the e-mailed link still works, asked as the page opens (the token goes in a POST body, never in a
 * URL that logs keep). Checking does not use the link up.
 */
function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: ['password-reset-check', token],
    queryFn: () => apiPost<{ valid: true }>('/password-reset/check/', { token }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

function BrokenLink({ message }: { message: string }) {
  return (
    <div className="form__alert" role="alert">
      <p>{message}</p>
      <p>
        <Link to="/password-reset">Pedir un enlace nuevo</Link>
      </p>
    </div>
  );
}

/**
 * Step 2, from the e-mailed link: the new password for the link's token. A broken, expired or used link is
 * reported on arrival, before the shopper types a password for nothing.
 */
export function PasswordResetConfirmForm({ token }: { token: string }) {
  const check = useResetLinkCheck(token);
  if (check.isPending) {
    return (
      <div className="dialog__loading">
        <Spinner label="Comprobando el enlace" />
      </div>
    );
  }
  // Only the server's refusal (400) means the link is broken; a lost connection or throttling leaves the form,
  // whose own call reports again.
  if (check.error instanceof ApiError && check.error.status === 400) {
    return <BrokenLink message={check.error.message} />;
  }
  return <NewPasswordForm token={token} />;
}

function NewPasswordForm({ token }: { token: string }) {
  const ids = useId();
  const passwordId = `${ids}-password`;
  const mutation = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordValues, unknown, z.output<typeof newPasswordSchema>>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '' },
  });

  if (mutation.isSuccess) {
    return (
      <div className="auth-result" role="status">
        <p className="auth-result__text">{mutation.data.detail}</p>
        <Link to="/login" className="button button--primary">
          Iniciar sesión
        </Link>
      </div>
    );
  }

  const submit = handleSubmit(({ password }) =>
    mutation.mutate(
      { token, password },
      {
        onError: (error) => {
          const message = apiFieldErrors(error).password;
          if (message) setError('password', { type: 'server', message });
        },
      },
    ),
  );

  const hintId = `${passwordId}-hint`;
  return (
    <form className="form auth-form" noValidate onSubmit={submit}>
      <Field
        fieldId={passwordId}
        label="Nueva contraseña"
        required
        error={errors.password?.message}
        hint="Al menos 8 caracteres."
      >
        <PasswordInput
          fieldId={passwordId}
          error={errors.password?.message}
          registration={register('password')}
          autoComplete="new-password"
          hintId={hintId}
        />
      </Field>
      {mutation.isError && !hasFieldErrors(mutation.error) ? (
        <BrokenLink message={mutation.error.message} />
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={mutation.isPending}>
        {mutation.isPending ? <Spinner size="small" /> : null}
        Guardar contraseña
      </button>
    </form>
  );
}
