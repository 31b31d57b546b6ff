import { describe, expect, it } from 'vitest';
import {
  BENEFICIARY_MESSAGES,
  type BeneficiaryInput,
  beneficiaryInputSchema,
  RESIDENCIES,
  RESIDENCY_LABELS,
} from './beneficiary.schemas.ts';
import { MESSAGES } from './messages.ts';

const valid: BeneficiaryInput = {
  first_name: 'Ana',
  last_name: 'Pérez',
  address_line1: 'Av. 18 de Julio 1234',
  city_id: 1,
  mobile_number: '(091) 123456',
  phone_number: '(2622) 1234',
  residency: 'house',
  latitude: -34.9011,
  longitude: -56.1645,
  email: 'ana@example.com',
  delivery_notes: 'Portón azul, timbre 2',
};

/** The messages per field when the input fails, as the API answers them (DRF shape). */
function errorsOf(input: Record<string, unknown>): Record<string, string[]> {
  const result = beneficiaryInputSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

describe('beneficiary input (spec §5 Address form)', () => {
  it('accepts a complete beneficiary and keeps the phones in their masks', () => {
    const result = beneficiaryInputSchema.parse({
      ...valid,
      mobile_number: ' (091)123456 ',
      phone_number: '(2622)1234',
    });
    expect(result.mobile_number).toBe('(091) 123456');
    expect(result.phone_number).toBe('(2622) 1234');
    expect(result.email).toBe('ana@example.com');
  });

  it('the landline, the e-mail and the delivery notes are optional', () => {
    const { phone_number: _p, email: _e, delivery_notes: _d, ...required } = valid;
    const result = beneficiaryInputSchema.parse(required);
    expect(result).toMatchObject({ phone_number: '', email: '', delivery_notes: '' });
    expect(
      beneficiaryInputSchema.parse({ ...valid, phone_number: '', email: '  ', delivery_notes: '' }),
    ).toMatchObject({
      phone_number: '',
      email: '',
      delivery_notes: '',
    });
  });

  it("says 'Campo requerido' for each empty required field", () => {
    const errors = errorsOf({
      ...valid,
      first_name: '  ',
      last_name: '',
      address_line1: '',
      mobile_number: '',
      residency: '',
      latitude: 0,
      longitude: 0,
    });
    for (const field of [
      'first_name',
      'last_name',
      'address_line1',
      'mobile_number',
      'residency',
      'latitude',
      'longitude',
    ]) {
      expect(errors[field], field).toEqual([MESSAGES.required]);
    }
    const missing = errorsOf({});
    for (const field of [
      'first_name',
      'last_name',
      'address_line1',
      'city_id',
      'mobile_number',
      'residency',
      'latitude',
      'longitude',
    ]) {
      expect(missing[field], field).toEqual([MESSAGES.required]);
    }
    expect(Object.keys(missing).sort()).not.toContain('phone_number');
  });

  it("says 'Ingresa un número válido' for a bad mobile or landline, including one in the other's field", () => {
    for (const mobile_number of [
      '(091) 12345',
      '091123456',
      '(2622) 1234',
      '+598 91 123 456',
      'x'.repeat(41),
    ]) {
      expect(errorsOf({ ...valid, mobile_number }).mobile_number, mobile_number).toEqual([
        MESSAGES.invalidPhone,
      ]);
    }
    for (const phone_number of ['(2622) 123', '(091) 123456', '26221234', '(3622) 1234']) {
      expect(errorsOf({ ...valid, phone_number }).phone_number, phone_number).toEqual([
        MESSAGES.invalidPhone,
      ]);
    }
  });

  it('refuses control characters and bidi overrides in names, the address and the notes', () => {
    for (const field of ['first_name', 'last_name', 'address_line1', 'delivery_notes']) {
      expect(errorsOf({ ...valid, [field]: 'Ana\nMaría' })[field], field).toEqual([MESSAGES.singleLineText]);
      expect(errorsOf({ ...valid, [field]: 'Ana\u202Eairam' })[field], field).toEqual([
        MESSAGES.singleLineText,
      ]);
    }
    expect(errorsOf({ ...valid, first_name: '\u200B' }).first_name).toEqual([MESSAGES.required]);
    expect(errorsOf({ ...valid, delivery_notes: '\u200B' }).delivery_notes).toEqual([MESSAGES.invalidValue]);
  });

  it('caps the lengths', () => {
    // A person's name: 40 at most, and no links (issue 16).
    expect(errorsOf({ ...valid, first_name: 'a'.repeat(41) }).first_name).toEqual([MESSAGES.tooLong(40)]);
    expect(errorsOf({ ...valid, first_name: 'a'.repeat(40) }).first_name).toBeUndefined();
    expect(errorsOf({ ...valid, last_name: 'visita evil.example' }).last_name).toEqual([
      MESSAGES.nameWithLink,
    ]);
    expect(errorsOf({ ...valid, address_line1: 'a'.repeat(201) }).address_line1).toEqual([
      MESSAGES.tooLong(200),
    ]);
    expect(errorsOf({ ...valid, delivery_notes: 'a'.repeat(201) }).delivery_notes).toEqual([
      MESSAGES.tooLong(200),
    ]);
  });

  it('residency is one of the five kinds, each with its Spanish label', () => {
    for (const residency of RESIDENCIES) expect(errorsOf({ ...valid, residency })).toEqual({});
    expect(RESIDENCY_LABELS).toEqual({
      building: 'Edificio',
      house: 'Casa',
      floor: 'Piso',
      unit: 'Apartamento',
      office: 'Oficina',
    });
    expect(errorsOf({ ...valid, residency: 'castle' }).residency).toEqual([
      BENEFICIARY_MESSAGES.invalidResidency,
    ]);
    expect(errorsOf({ ...valid, residency: 'Casa' }).residency).toEqual([
      BENEFICIARY_MESSAGES.invalidResidency,
    ]);
  });

  it('coordinates are nonzero numbers inside Uruguay, each checked on its own', () => {
    expect(errorsOf({ ...valid, latitude: 0 }).latitude).toEqual([MESSAGES.required]);
    expect(errorsOf({ ...valid, latitude: 0 }).longitude).toBeUndefined();
    // Rosario (Argentina), Porto Alegre (Brazil), the Atlantic, the northern hemisphere. The box is coarse: Buenos
    // Aires falls inside it and is only outside the served city's zone.
    expect(errorsOf({ ...valid, latitude: -32.9468, longitude: -60.6393 })).toEqual({
      longitude: [BENEFICIARY_MESSAGES.outsideUruguay],
    });
    expect(errorsOf({ ...valid, latitude: -30.0346, longitude: -51.2177 })).toEqual({
      longitude: [BENEFICIARY_MESSAGES.outsideUruguay],
    });
    expect(errorsOf({ ...valid, latitude: -36, longitude: -54 })).toEqual({
      latitude: [BENEFICIARY_MESSAGES.outsideUruguay],
    });
    expect(errorsOf({ ...valid, latitude: 34.9, longitude: 56.16 })).toEqual({
      latitude: [BENEFICIARY_MESSAGES.outsideUruguay],
      longitude: [BENEFICIARY_MESSAGES.outsideUruguay],
    });
    // Rivera, on the northern border, and Punta del Este, on the coast.
    expect(errorsOf({ ...valid, latitude: -30.9053, longitude: -55.5508 })).toEqual({});
    expect(errorsOf({ ...valid, latitude: -34.9667, longitude: -54.95 })).toEqual({});
    expect(errorsOf({ ...valid, latitude: '-34.9' }).latitude).toEqual([
      BENEFICIARY_MESSAGES.invalidCoordinate,
    ]);
  });

  it('the city is a positive whole id', () => {
    expect(errorsOf({ ...valid, city_id: '1' }).city_id).toEqual([MESSAGES.invalidValue]);
    expect(errorsOf({ ...valid, city_id: 1.5 }).city_id).toEqual([MESSAGES.invalidValue]);
    expect(errorsOf({ ...valid, city_id: 0 }).city_id).toEqual([MESSAGES.invalidValue]);
    expect(errorsOf({ ...valid, city_id: 2 ** 31 }).city_id).toEqual([MESSAGES.invalidValue]);
  });

  it('the optional e-mail follows the shared e-mail rule', () => {
    expect(beneficiaryInputSchema.parse({ ...valid, email: ' Ana@Example.COM ' }).email).toBe(
      'ana@example.com',
    );
    for (const email of ['ana', 'ana@example', 'Ana <ana@example.com>', 'a,b@example.com']) {
      expect(errorsOf({ ...valid, email }).email, email).toEqual([MESSAGES.invalidEmail]);
    }
  });
});
