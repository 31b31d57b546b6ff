import { ACCOUNT_MESSAGES } from '@mandado/shared/account-messages';
import { MESSAGES } from '@mandado/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  type AuthFormValues,
  authStageResolver,
  EMPTY_AUTH_FORM,
  stageAfterEmailCheck,
  validateAuthStage,
} from './auth-form.schemas.ts';

function values(overrides: Partial<AuthFormValues>): AuthFormValues {
  return { ...EMPTY_AUTH_FORM, ...overrides };
}

const validRegistration = values({
  email: 'ana@example.com',
  password: 'una-clave-larga',
  first_name: 'Ana',
  last_name: 'Pérez',
  phone_number: '+598 91 234 567',
  terms_accepted: true,
  privacy_accepted: true,
});

describe('validateAuthStage', () => {
  it('asks for the e-mail in the login words on the first step', () => {
    expect(validateAuthStage('email', values({ email: '  ' }))).toEqual({ email: 'Ingresa tu correo' });
    expect(validateAuthStage('email', values({ email: 'ana@' }))).toEqual({
      email: 'Correo electrónico inválido',
    });
    expect(validateAuthStage('email', values({ email: ' Ana@Example.com ' }))).toEqual({});
  });

  it('checks only the e-mail and password when logging in', () => {
    expect(validateAuthStage('login', values({ email: 'ana@example.com' }))).toEqual({
      password: ACCOUNT_MESSAGES.passwordRequired,
    });
    expect(validateAuthStage('login', values({ email: 'ana@example.com', password: 'x' }))).toEqual({});
  });

  it('requires every registration field with the spec texts', () => {
    expect(validateAuthStage('register', EMPTY_AUTH_FORM)).toEqual({
      email: 'Campo requerido',
      password: 'Campo requerido',
      first_name: 'Campo requerido',
      last_name: 'Campo requerido',
      phone_number: 'Campo requerido',
      terms_accepted: ACCOUNT_MESSAGES.termsRequired,
      privacy_accepted: ACCOUNT_MESSAGES.privacyRequired,
    });
  });

  it('accepts a complete registration and rejects a bad phone, a weak password and a bad e-mail', () => {
    expect(validateAuthStage('register', validRegistration)).toEqual({});
    expect(
      validateAuthStage('register', { ...validRegistration, phone_number: '+598 123', password: 'corta' }),
    ).toEqual({ phone_number: MESSAGES.invalidPhone, password: ACCOUNT_MESSAGES.passwordTooShort });
    expect(validateAuthStage('register', { ...validRegistration, email: 'ana.example.com' })).toEqual({
      email: 'Correo electrónico inválido',
    });
  });

  it("refuses a password that is the shopper's e-mail or name, as the API does", () => {
    expect(validateAuthStage('register', { ...validRegistration, password: 'Perez2026!' })).toEqual({
      password: ACCOUNT_MESSAGES.passwordLikeName,
    });
    expect(validateAuthStage('register', { ...validRegistration, password: 'ana@example.com' })).toEqual({
      password: ACCOUNT_MESSAGES.passwordLikeEmail,
    });
    expect(validateAuthStage('register', { ...validRegistration, password: 'aaaaaaaa' })).toEqual({
      password: ACCOUNT_MESSAGES.passwordRepeated,
    });
  });
});

describe('authStageResolver', () => {
  it('validates the stage shown at the time of the check', async () => {
    let stage: 'email' | 'login' = 'email';
    const resolver = authStageResolver(() => stage);
    const form = values({ email: 'ana@example.com' });
    const options = { shouldUseNativeValidation: false, fields: {} };
    expect((await resolver(form, undefined, options)).errors).toEqual({});
    stage = 'login';
    expect((await resolver(form, undefined, options)).errors).toEqual({
      password: { type: 'validate', message: ACCOUNT_MESSAGES.passwordRequired },
    });
  });
});

describe('stageAfterEmailCheck', () => {
  it('branches on the existence check', () => {
    expect(stageAfterEmailCheck(true)).toBe('login');
    expect(stageAfterEmailCheck(false)).toBe('register');
  });
});
