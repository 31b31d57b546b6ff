import { MESSAGES } from '@mandado/shared/messages';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { safeNext, verifySignInCode } from './second-factor.api.ts';

/**
 * /comercio/verificacion's form (issue 27): a login's second step. The shop's login sends here an account with the
 * second factor on; the code (or a recovery code) completes the session, then a full load opens `?next=`
 * so every area reads who-am-I afresh.
 */
export function SecondFactorCodeForm() {
  const ids = useId();
  const { search } = useLocation();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    setBusy(true);
    try {
      await verifySignInCode(code);
      window.location.replace(safeNext(search));
    } catch (error) {
      setProblem(failureText(error) ?? MESSAGES.serverError);
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="staff-title">Verificación en dos pasos</h1>
      <p>Escribe el código de 6 dígitos de tu app de autenticación, o uno de tus códigos de recuperación.</p>
      <form className="staff-inline-form" noValidate onSubmit={(event) => void submit(event)}>
        <Field fieldId={`${ids}-code`} label="Código" error={undefined}>
          <input
            id={`${ids}-code`}
            className="input"
            autoComplete="one-time-code"
            inputMode="text"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </Field>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? <Spinner size="small" /> : null}
          Verificar
        </button>
        <FormProblem problem={problem} />
      </form>
    </>
  );
}
