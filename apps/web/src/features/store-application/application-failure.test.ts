import { MESSAGES } from '@mandado/shared/messages';
import { SERVER_MESSAGES } from '@mandado/shared/server-messages';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { CONNECTION_FAILED_TEXT } from '@mandado/web-kit/failure-text.ts';
import { describe, expect, it } from 'vitest';
import { applicationFailure } from './application-failure.ts';

const FIELDS = new Set(['store_name', 'rut', 'latitude'] as const);

describe('applicationFailure (issue 18, Vende en Mandado)', () => {
  it('puts 400 field messages under their fields and adds no alert', () => {
    const error = new ApiError(400, { rut: [MESSAGES.invalidRut], latitude: [MESSAGES.mapPinRequired] });
    expect(applicationFailure(error, FIELDS)).toEqual({
      fields: [
        ['rut', MESSAGES.invalidRut],
        ['latitude', MESSAGES.mapPinRequired],
      ],
      alert: undefined,
    });
  });

  it("shows a 409's and a 429's reason above the button", () => {
    const duplicate = new ApiError(409, { detail: SERVER_MESSAGES.applicationDuplicate });
    expect(applicationFailure(duplicate, FIELDS)).toEqual({
      fields: [],
      alert: SERVER_MESSAGES.applicationDuplicate,
    });
    const limited = new ApiError(429, { detail: SERVER_MESSAGES.tooManyRequests });
    expect(applicationFailure(limited, FIELDS).alert).toBe(SERVER_MESSAGES.tooManyRequests);
  });

  it('says a message of a field the form does not show as the alert', () => {
    const error = new ApiError(400, { city_id: [MESSAGES.invalidValue], rut: [MESSAGES.invalidRut] });
    expect(applicationFailure(error, FIELDS)).toEqual({
      fields: [['rut', MESSAGES.invalidRut]],
      alert: MESSAGES.invalidValue,
    });
  });

  it('is never silent: no connection, a server error, something that is no API answer', () => {
    expect(applicationFailure(new ApiError(0, null), FIELDS).alert).toBe(CONNECTION_FAILED_TEXT);
    expect(applicationFailure(new ApiError(500, null), FIELDS).alert).toBe(MESSAGES.serverError);
    expect(applicationFailure(new Error('boom'), FIELDS).alert).toBe(MESSAGES.serverError);
  });
});
