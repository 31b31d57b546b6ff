import './form.css';
import { normalizeEmail } from '@mandado/shared/validation-rules';
import { type ChangeEvent, type FocusEvent, type ReactNode, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorId, invalidProps } from './field-a11y.ts';

export function FieldError({ fieldId, message }: { fieldId: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(fieldId)} className="form__error">
      {message}
    </p>
  );
}

/** Why the server refused the whole form (not one field): announced at once, the typed values stay. */
export function FormProblem({ problem }: { problem: string | null | undefined }) {
  if (!problem) return null;
  return (
    <p className="form__alert" role="alert">
      {problem}
    </p>
  );
}

interface FieldProps {
  fieldId: string;
  label: string;
  required?: boolean;
  error: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** A label (with the required marker of spec §5), the control, an optional hint and the error. */
export function Field({ fieldId, label, required = false, error, hint, children }: FieldProps) {
  return (
    <div className="form__field">
      <label className={required ? 'field-label field-label--required' : 'field-label'} htmlFor={fieldId}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${fieldId}-hint`} className="form__hint">
          {hint}
        </p>
      ) : null}
      <FieldError fieldId={fieldId} message={error} />
    </div>
  );
}

interface EmailInputProps {
  fieldId: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

/** Spec §5: e-mail inputs are shown in lowercase and trimmed. */
export function EmailInput({ fieldId, error, registration }: EmailInputProps) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const lower = event.target.value.toLowerCase();
    if (lower !== event.target.value) event.target.value = lower;
    return registration.onChange(event);
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const normalized = normalizeEmail(event.target.value);
    if (normalized !== event.target.value) {
      event.target.value = normalized;
      void registration.onChange(event);
    }
    return registration.onBlur(event);
  }

  return (
    <input
      {...invalidProps(fieldId, error)}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      name={registration.name}
      ref={registration.ref}
      onChange={handleChange}
      onBlur={handleBlur}
    />
  );
}

interface PasswordInputProps {
  fieldId: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  autoComplete: 'current-password' | 'new-password';
  hintId?: string;
}

/** A password box with a show/hide toggle, so a shopper on a phone can check what they typed. */
export function PasswordInput({ fieldId, error, registration, autoComplete, hintId }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input
        {...invalidProps(fieldId, error, hintId)}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        {...registration}
      />
      <button
        type="button"
        className="password-input__toggle"
        aria-pressed={visible}
        aria-controls={fieldId}
        onClick={() => setVisible((current) => !current)}
      >
        {visible ? 'Ocultar' : 'Mostrar'}
        <span className="visually-hidden"> contraseña</span>
      </button>
    </div>
  );
}

interface NameFieldProps {
  fieldId: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

/** 'Nombre' and 'Apellido' side by side, as registration and the account page both ask them. */
export function NameFields({ firstName, lastName }: { firstName: NameFieldProps; lastName: NameFieldProps }) {
  return (
    <div className="auth-form__names">
      <Field fieldId={firstName.fieldId} label="Nombre" required error={firstName.error}>
        <input
          {...invalidProps(firstName.fieldId, firstName.error)}
          type="text"
          autoComplete="given-name"
          {...firstName.registration}
        />
      </Field>
      <Field fieldId={lastName.fieldId} label="Apellido" required error={lastName.error}>
        <input
          {...invalidProps(lastName.fieldId, lastName.error)}
          type="text"
          autoComplete="family-name"
          {...lastName.registration}
        />
      </Field>
    </div>
  );
}
