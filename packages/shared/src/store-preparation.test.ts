import { describe, expect, it } from 'vitest';
import { storePreparationSchema } from './store-preparation.schemas.ts';
import { preparationPromiseText } from './store-preparation.ts';

describe('the preparation promise', () => {
  it('says the minutes as a shopper reads them', () => {
    expect(preparationPromiseText(30)).toBe('Prepara tu pedido en unos 30 min');
    expect(preparationPromiseText(60)).toBe('Prepara tu pedido en unos 1 h');
    expect(preparationPromiseText(90)).toBe('Prepara tu pedido en unos 1 h 30 min');
  });

  it('takes 5 to 240 minutes or none', () => {
    expect(storePreparationSchema.safeParse({ auto_accept: true, preparation_minutes: 30 }).success).toBe(
      true,
    );
    expect(storePreparationSchema.safeParse({ auto_accept: false, preparation_minutes: null }).success).toBe(
      true,
    );
    expect(storePreparationSchema.safeParse({ auto_accept: false, preparation_minutes: 4 }).success).toBe(
      false,
    );
    expect(storePreparationSchema.safeParse({ auto_accept: false, preparation_minutes: 241 }).success).toBe(
      false,
    );
  });
});
