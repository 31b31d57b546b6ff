import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import type { Settings } from '@mandado/shared/settings.schemas';
import { normalizeEmail } from '@mandado/shared/validation-rules';
import { apiFieldErrors } from '@mandado/web-kit/form/api-form-errors.ts';
import {
  EmailInput,
  Field,
  FieldError,
  NameFields,
  PasswordInput,
} from '@mandado/web-kit/form/form-controls.tsx';
import { PhoneField } from '@mandado/web-kit/form/phone-field.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { usePublicSettings } from '../../hooks/use-public-settings.ts';
import { useVisitorCountry } from '../../hooks/use-visitor-country.ts';
import { emailExists } from './accounts.api.ts';
import {
  type AuthFormValues,
  type AuthStage,
  authStageResolver,
  EMPTY_AUTH_FORM,
  isAuthField,
  stageAfterEmailCheck,
} from './auth-form.schemas.ts';
import { forgetReferrer } from './referrer.ts';
import { useLogin } from './use-login.ts';
import { useRegister } from './use-register.ts';
import { notifyFailure } from './welcome.ts';
import './accounts.css';

interface AuthFormProps {
  stage: AuthStage;
  onStageChange: (stage: AuthStage) => void;
  /** From the invitation link (spec §3 Registration form); empty when there is none. */
  referralToken: string;
  /** Focus the first field to fill once shown (in the panel; a full page leaves focus where the page put it). */
  autoFocus?: boolean;
  /** Spec §3 `emailReferred`: the e-mail the referral box took, pre-filled. */
  initialEmail?: string;
}

/**
 * Spec §4 login/register panel: the e-mail and 'Siguiente'; an existence check then shows the password and
 * 'Iniciar Sesión' for an account, or the registration fields and 'Registrarse' for a new one. A footer link
 * toggles the modes. One form across the stages, so every typed value survives a toggle or a failure.
 */
/** The invited shopper's banner, amounts from settings and in US dollars (UX review: a bare "5" reads as pesos). */
function invitationLine(settings: Settings | undefined): string {
  const minimum = usdText(parseMoney(settings?.referral_minimum_purchase ?? '50.00'), { whole: 'short' });
  const reward = usdText(parseMoney(settings?.referral_invitee_reward ?? '5.00'), { whole: 'short' });
  return `Llegaste con una invitación: en tu primera compra desde ${minimum} tienes ${reward} de crédito.`;
}

export function AuthForm({
  stage,
  onStageChange,
  referralToken,
  autoFocus = false,
  initialEmail = '',
}: AuthFormProps) {
  const ids = useId();
  const fieldId = (name: keyof AuthFormValues) => `${ids}-${name}`;
  const stageRef = useRef(stage);
  const stageChosenByShopper = useRef(false);
  const [resolver] = useState(() => authStageResolver(() => stageRef.current));
  const [invitation, setInvitation] = useState(referralToken);
  const settings = usePublicSettings();
  const visitorCountry = useVisitorCountry();
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<AuthFormValues>({ resolver, defaultValues: { ...EMPTY_AUTH_FORM, email: initialEmail } });
  // Carried to /password-reset in the navigation state (not the URL, which logs keep), to pre-fill it there.
  const typedEmail = useWatch({ control, name: 'email' });
  const existence = useMutation({ mutationFn: emailExists });
  const login = useLogin();
  const registration = useRegister();
  const pending = existence.isPending || login.isPending || registration.isPending;

  useLayoutEffect(() => {
    stageRef.current = stage;
  }, [stage]);

  // The field to fill first: the e-mail, or, when it came pre-filled, what follows it in the opening stage.
  const [firstField] = useState<keyof AuthFormValues>(() =>
    !initialEmail || stage === 'email' ? 'email' : stage === 'login' ? 'password' : 'first_name',
  );
  useEffect(() => {
    if (!autoFocus) return;
    // The dialog opens (showModal focuses its first control) after its content mounts; this field wins.
    const frame = requestAnimationFrame(() => setFocus(firstField));
    return () => cancelAnimationFrame(frame);
  }, [autoFocus, setFocus, firstField]);

  useEffect(() => {
    if (!stageChosenByShopper.current) return;
    clearErrors();
    if (stage === 'login') setFocus('password');
    else if (stage === 'register') setFocus('first_name');
  }, [stage, clearErrors, setFocus]);

  function changeStage(next: AuthStage) {
    stageChosenByShopper.current = true;
    onStageChange(next);
  }

  /** Spec §8: the server's field errors under their fields (the notification says the rest). */
  function showFieldErrors(error: unknown, rename?: Record<string, string>) {
    for (const [field, message] of Object.entries(apiFieldErrors(error, rename))) {
      if (isAuthField(field)) setError(field, { type: 'server', message });
    }
  }

  const submit = handleSubmit((values) => {
    const email = normalizeEmail(values.email);
    if (stage === 'email') {
      existence.mutate(email, {
        onSuccess: ({ exists }) => changeStage(stageAfterEmailCheck(exists)),
        onError: (error) => {
          notifyFailure(error);
          showFieldErrors(error);
        },
      });
    } else if (stage === 'login') {
      login.mutate(
        { username: email, password: values.password },
        { onError: (error) => showFieldErrors(error, { username: 'email' }) },
      );
    } else {
      registration.mutate(
        {
          email,
          password: values.password,
          first_name: values.first_name,
          last_name: values.last_name,
          phone_number: values.phone_number,
          type: 'remitter',
          referral_token: invitation,
          terms_accepted: true,
          privacy_accepted: true,
        },
        {
          onError: (error) => {
            showFieldErrors(error);
            // The notification says the invitation is not valid; the next try registers without it.
            if (apiFieldErrors(error).referral_token) {
              forgetReferrer();
              setInvitation('');
            }
          },
        },
      );
    }
  });

  const passwordHintId = `${fieldId('password')}-hint`;

  return (
    <form className="form auth-form" noValidate onSubmit={submit} aria-busy={pending}>
      {stage === 'email' ? (
        <p className="auth-form__lead">
          Escribe tu correo electrónico para iniciar sesión o crear tu cuenta.
        </p>
      ) : null}
      {stage === 'register' && invitation ? (
        <p className="auth-form__invite">{invitationLine(settings)}</p>
      ) : null}

      <Field fieldId={fieldId('email')} label="Correo electrónico" required error={errors.email?.message}>
        <EmailInput
          fieldId={fieldId('email')}
          error={errors.email?.message}
          registration={register('email')}
        />
      </Field>

      {stage === 'register' ? (
        <NameFields
          firstName={{
            fieldId: fieldId('first_name'),
            error: errors.first_name?.message,
            registration: register('first_name'),
          }}
          lastName={{
            fieldId: fieldId('last_name'),
            error: errors.last_name?.message,
            registration: register('last_name'),
          }}
        />
      ) : null}

      {stage === 'register' ? (
        <PhoneField
          control={control}
          name="phone_number"
          fieldId={fieldId('phone_number')}
          visitorCountry={visitorCountry}
        />
      ) : null}

      {stage === 'login' || stage === 'register' ? (
        <Field
          fieldId={fieldId('password')}
          label={stage === 'login' ? 'Contraseña' : 'Crea una contraseña'}
          required
          error={errors.password?.message}
          hint={stage === 'register' ? 'Al menos 8 caracteres.' : undefined}
        >
          <PasswordInput
            fieldId={fieldId('password')}
            error={errors.password?.message}
            registration={register('password')}
            autoComplete={stage === 'login' ? 'current-password' : 'new-password'}
            {...(stage === 'register' ? { hintId: passwordHintId } : {})}
          />
        </Field>
      ) : null}

      {stage === 'login' ? (
        <p className="auth-form__forgot">
          <Link to="/password-reset" state={{ email: typedEmail }}>
            ¿Olvidaste tu contraseña?
          </Link>
        </p>
      ) : null}

      {stage === 'register' ? (
        <div className="form__field">
          <div className="checkbox-field">
            <input
              id={fieldId('terms_accepted')}
              type="checkbox"
              className={errors.terms_accepted ? 'checkbox checkbox--invalid' : 'checkbox'}
              aria-invalid={errors.terms_accepted ? true : undefined}
              aria-describedby={errors.terms_accepted ? `${fieldId('terms_accepted')}-error` : undefined}
              {...register('terms_accepted')}
            />
            <label className="field-label field-label--required" htmlFor={fieldId('terms_accepted')}>
              Acepto los términos y condiciones del servicio
            </label>
          </div>
          <p className="form__hint">
            <Link to="/termsandconditions" target="_blank" rel="noopener">
              Leer los términos y condiciones
            </Link>
          </p>
          <FieldError fieldId={fieldId('terms_accepted')} message={errors.terms_accepted?.message} />
        </div>
      ) : null}
      {stage === 'register' ? (
        <div className="form__field">
          <div className="checkbox-field">
            <input
              id={fieldId('privacy_accepted')}
              type="checkbox"
              className={errors.privacy_accepted ? 'checkbox checkbox--invalid' : 'checkbox'}
              aria-invalid={errors.privacy_accepted ? true : undefined}
              aria-describedby={errors.privacy_accepted ? `${fieldId('privacy_accepted')}-error` : undefined}
              {...register('privacy_accepted')}
            />
            <label className="field-label field-label--required" htmlFor={fieldId('privacy_accepted')}>
              Acepto la política de privacidad
            </label>
          </div>
          <p className="form__hint">
            Quién trata tus datos, para qué, en qué países y cómo ejercer tus derechos:{' '}
            <Link to="/privacidad" target="_blank" rel="noopener">
              leer la política de privacidad
            </Link>
          </p>
          <FieldError fieldId={fieldId('privacy_accepted')} message={errors.privacy_accepted?.message} />
        </div>
      ) : null}

      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? <Spinner size="small" /> : null}
        {stage === 'email' ? 'Siguiente' : stage === 'login' ? 'Iniciar Sesión' : 'Registrarse'}
      </button>

      <p className="auth-form__switch">
        {stage === 'register' ? '¿Ya tienes cuenta?' : '¿No tienes cuenta?'}{' '}
        <button
          type="button"
          className="button button--ghost"
          onClick={() => changeStage(stage === 'register' ? 'login' : 'register')}
        >
          {stage === 'register' ? 'Inicia sesión' : 'Regístrate'}
        </button>
      </p>
    </form>
  );
}
