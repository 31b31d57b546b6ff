import { describe, expect, it } from 'vitest';
import { addressText, attemptsText, fullName, packagesText } from './courier-wording.ts';

describe('courier wording', () => {
  it('counts products and units', () => {
    expect(packagesText({ lines: 1, units: 1 })).toBe('1 producto · 1 unidad');
    expect(packagesText({ lines: 2, units: 5 })).toBe('2 productos · 5 unidades');
  });

  it('counts failed attempts', () => {
    expect(attemptsText(0)).toBe('Sin intentos fallidos');
    expect(attemptsText(1)).toBe('1 intento fallido');
    expect(attemptsText(2)).toBe('2 intentos fallidos');
  });

  it('writes names and addresses without blanks or repeats', () => {
    expect(fullName({ first_name: ' Carmen ', last_name: '' })).toBe('Carmen');
    expect(addressText({ address_line1: 'Av. Brasil 2500', city: 'Montevideo', state: 'Montevideo' })).toBe(
      'Av. Brasil 2500, Montevideo',
    );
    expect(addressText({ address_line1: 'Ruta 5 km 30', city: 'Las Piedras', state: 'Canelones' })).toBe(
      'Ruta 5 km 30, Las Piedras, Canelones',
    );
  });
});
