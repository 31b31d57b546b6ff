import { MESSAGES } from '@mandado/shared/messages';
import { isValidEmail, normalizeEmail } from '@mandado/shared/validation-rules';
import { type FormEvent, useId, useState } from 'react';
import { useCurrentUser } from '../../features/accounts/use-current-user.ts';
import { useAppStore } from '../../state/app-store.ts';

/**
 * Spec §2 Footer referral e-mail box and §4 Referral: the e-mail goes to the referral popup, which opens the
 * login or register panel for a visitor and invites for a user. Checked here with the §5 e-mail rules (no zod:
 * the footer loads on every page).
 */
export function ReferralEmailBox() {
  const openReferral = useAppStore((state) => state.openReferral);
  const { user } = useCurrentUser();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const normalized = normalizeEmail(email);
    if (normalized === '') return setError(MESSAGES.required);
    if (!isValidEmail(normalized)) return setError(MESSAGES.invalidEmail);
    setError(null);
    setEmail('');
    openReferral(normalized);
  }

  return (
    <form className="referral-box" noValidate onSubmit={submit}>
      {/* Not "Correo electrónico…": the login and register forms own that label on the same pages. A visitor's
          e-mail is their own (spec §4: it gets them their link), a user's is a friend's. */}
      <label className="referral-box__label" htmlFor={inputId}>
        {user ? 'Correo para invitar' : 'Tu correo para obtener tu enlace'}
      </label>
      <div className="referral-box__row">
        <input
          id={inputId}
          className={error ? 'input input--invalid' : 'input'}
          type="email"
          inputMode="email"
          autoComplete={user ? 'off' : 'email'}
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          // Spec §5: e-mail inputs are shown in lowercase.
          onChange={(event) => setEmail(event.target.value.toLowerCase())}
        />
        <button type="submit" className="button button--primary">
          {user ? 'Invitar' : 'Obtener mi enlace'}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="referral-box__error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
