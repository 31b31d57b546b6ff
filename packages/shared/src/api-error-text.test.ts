import { describe, expect, it } from 'vitest';
import { apiErrorText, outOfStockBody, readOutOfStock } from './api-error-text.ts';
import { MESSAGES } from './messages.ts';

describe('apiErrorText follows the order of spec §8', () => {
  it('1. detail comes first', () => {
    expect(apiErrorText({ detail: 'No encontrado.', __all__: ['otro'], error: 'x' })).toBe('No encontrado.');
  });

  it('2. then the first item of __all__', () => {
    expect(apiErrorText({ __all__: ['Primero', 'Segundo'], non_field_errors: ['otro'] })).toBe('Primero');
  });

  it('3. then the first item of non_field_errors', () => {
    expect(apiErrorText({ non_field_errors: ['Datos inválidos'], errors: ['otro'] })).toBe('Datos inválidos');
  });

  it('4. then errors[0], with the out-of-stock sentence when it has out_of_stock', () => {
    expect(apiErrorText({ errors: ['Algo falló'], error: 'otro' })).toBe('Algo falló');
    expect(apiErrorText({ errors: [{ out_of_stock: true, name: 'Leche Entera 1 L' }] })).toBe(
      'Leche Entera 1 L está fuera de stock. Quítalo del carrito para continuar.',
    );
    expect(apiErrorText({ errors: [{ out_of_stock: true, product: { name: 'Café 250 g' } }] })).toBe(
      'Café 250 g está fuera de stock. Quítalo del carrito para continuar.',
    );
  });

  it('5. then error', () => {
    expect(apiErrorText({ error: 'Servicio no disponible' })).toBe('Servicio no disponible');
  });

  it("6. else the error's own message", () => {
    expect(apiErrorText({ email: ['Correo electrónico inválido'] }, 'Request failed')).toBe('Request failed');
    expect(apiErrorText('texto plano', 'Request failed')).toBe('Request failed');
    expect(apiErrorText(null)).toBe('Algo salió mal');
  });
});

describe('the out-of-stock answer is written and read in one place', () => {
  it('reads the product the answer names, by id and name', () => {
    expect(readOutOfStock(outOfStockBody({ id: 7, name: 'Yerba' }))).toEqual({ productId: 7, name: 'Yerba' });
    expect(readOutOfStock({ errors: [{ out_of_stock: true, product: { name: 'Café 250 g' } }] })).toEqual({
      productId: null,
      name: 'Café 250 g',
    });
  });

  it('anything else is not an out-of-stock answer', () => {
    expect(readOutOfStock({ errors: [{ product_id: 4 }] })).toBeNull();
    expect(readOutOfStock({ errors: [] })).toBeNull();
    expect(readOutOfStock({ detail: 'x' })).toBeNull();
    expect(readOutOfStock(null)).toBeNull();
  });

  it('the error text names the product', () => {
    expect(apiErrorText(outOfStockBody({ id: 7, name: 'Yerba' }))).toBe(`Yerba ${MESSAGES.outOfStockSuffix}`);
  });
});
