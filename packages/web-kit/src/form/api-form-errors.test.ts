import { ACCOUNT_MESSAGES } from '@mandado/shared/account-messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client.ts';
import { apiFieldErrors, failureText } from './api-form-errors.ts';

describe('apiFieldErrors', () => {
  it('takes the first message of each field and renames server fields', () => {
    const error = new ApiError(400, {
      username: ['Ingresa tu correo', 'otro'],
      password: ['Ingresa tu contraseña'],
      detail: 'general',
    });
    expect(apiFieldErrors(error, { username: 'email' })).toEqual({
      email: 'Ingresa tu correo',
      password: 'Ingresa tu contraseña',
    });
  });

  it('finds nothing in answers without field errors', () => {
    expect(apiFieldErrors(new ApiError(400, { detail: 'x' }))).toEqual({});
    expect(apiFieldErrors(new ApiError(500, null))).toEqual({});
    expect(apiFieldErrors(new Error('x'))).toEqual({});
  });
});

describe('failureText', () => {
  it("shows the server's text in the spec §8 order", () => {
    expect(failureText(new ApiError(400, { detail: ACCOUNT_MESSAGES.invalidCredentials }))).toBe(
      ACCOUNT_MESSAGES.invalidCredentials,
    );
    expect(failureText(new ApiError(429, { detail: SERVER_MESSAGES.tooManyRequests }))).toBe(
      SERVER_MESSAGES.tooManyRequests,
    );
  });

  it('falls back to the first field message when the answer has only field errors', () => {
    expect(failureText(new ApiError(400, { email: [SERVER_MESSAGES.emailTaken] }))).toBe(
      SERVER_MESSAGES.emailTaken,
    );
  });

  it('explains a network failure and adds nothing when there is nothing more to say', () => {
    expect(failureText(new ApiError(0, null))).toMatch(/conexión/);
    expect(failureText(new ApiError(500, null))).toBeUndefined();
    expect(failureText(new Error('boom'))).toBeUndefined();
  });
});
