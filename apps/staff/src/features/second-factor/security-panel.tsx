import { MESSAGES } from '@mandado/shared/messages';
import type { SecondFactorEnrollment } from '@mandado/shared/second-factor.schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { CopyButton } from '@mandado/web-kit/orders/copy-button.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import {
  confirmEnrollment,
  safeNext,
  secondFactorStatusQueryOptions,
  startEnrollment,
} from './second-factor.api.ts';

/**
 * /comercio/seguridad's panel (issue 27): a staff member turns the second factor on. 'Activar' shows a new key (the
 * otpauth link and the key to type), a first code confirms it, and the ten recovery codes are shown this
 * once. Operators of administración and pagos on a published site come here before the back office.
 */
export function SecurityPanel({ loginHref }: { loginHref: string }) {
  const { search } = useLocation();
  const status = useQuery(secondFactorStatusQueryOptions());
  const unauthenticated = status.error instanceof ApiError && status.error.status === 401;

  useEffect(() => {
    if (unauthenticated) window.location.replace(loginHref);
  }, [unauthenticated, loginHref]);

  return (
    <>
      <h1 className="staff-title">Verificación en dos pasos</h1>
      {status.isPending || unauthenticated ? (
        <Spinner label="Cargando" />
      ) : status.isError ? (
        <QueryError message={status.error.message} onRetry={() => void status.refetch()} />
      ) : status.data.enabled ? (
        <>
          <p>
            Está activa: cada ingreso te pide un código de tu app. Te quedan {status.data.recovery_codes_left}{' '}
            códigos de recuperación.
          </p>
          <button type="button" className="button button--secondary" onClick={() => window.history.back()}>
            Volver
          </button>
        </>
      ) : (
        <Enrollment
          required={status.data.required}
          next={new URLSearchParams(search).has('next') ? safeNext(search) : null}
        />
      )}
    </>
  );
}

/**
 * The 32-character key in groups of four, as authenticator apps print it, so a person typing it keeps their
 * place. Display only: the copy button copies it unbroken (apps take it either way).
 */
function keyInGroups(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** `next`: where the admin door sent the person from; without one (the nav's link), back where they were. */
function Enrollment({ required, next }: { required: boolean; next: string | null }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [enrollment, setEnrollment] = useState<SecondFactorEnrollment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    if (busy) return;
    setProblem(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setProblem(failureText(error) ?? MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => setCodes((await confirmEnrollment(code)).recovery_codes));
  }

  if (codes) {
    return (
      <>
        <p>
          Listo: la verificación está activa. Guarda estos códigos de recuperación en un lugar seguro: cada
          uno sirve una vez si pierdes el teléfono, y no volveremos a mostrarlos.
        </p>
        <ul aria-label="Códigos de recuperación">
          {codes.map((value) => (
            <li key={value}>
              <code>{value}</code>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            void queryClient.invalidateQueries({ queryKey: ['second-factor'] });
            if (next) window.location.assign(next);
            else window.history.back();
          }}
        >
          Ya los guardé
        </button>
      </>
    );
  }
  return (
    <>
      <p>
        {required
          ? 'Tu grupo de operador mueve dinero o permisos: activa la verificación en dos pasos para entrar al back office.'
          : 'Protege tu cuenta con un código de tu teléfono además de la contraseña.'}
      </p>
      {enrollment ? (
        <>
          <p>
            En tu app de autenticación, agrega una cuenta con este enlace o escribe la clave:{' '}
            <a href={enrollment.otpauth_uri}>abrir en la app</a>
          </p>
          <p>
            Clave: <code translate="no">{keyInGroups(enrollment.secret)}</code>{' '}
            <CopyButton value={enrollment.secret} what="la clave" />
          </p>
          {/* The code on a row of its own, under the key, not squeezed beside it on a wide screen. */}
          <form className="staff-inline-form" noValidate onSubmit={confirm}>
            <Field fieldId={`${ids}-code`} label="Código de la app" error={undefined}>
              <input
                id={`${ids}-code`}
                className="input"
                autoComplete="one-time-code"
                inputMode="numeric"
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </Field>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? <Spinner size="small" /> : null}
              Confirmar
            </button>
          </form>
        </>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void run(async () => setEnrollment(await startEnrollment()))}
        >
          {busy ? <Spinner size="small" /> : null}
          Activar
        </button>
      )}
      <FormProblem problem={problem} />
    </>
  );
}
