import { MESSAGES } from '@mandado/shared/messages';
import { STAFF_MESSAGES } from '@mandado/shared/staff-messages';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PRODUCT_FORM,
  type ProductFormValues,
  productFormSchema,
  productFormValues,
  stockFromText,
} from './product-form-values.ts';

const FILLED: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: 'Dulce de leche Conaprole 1 kg',
  category_id: '7',
  price: '245,5',
  stock: '12',
  images: ['/media/products/1/x.webp'],
};

function messages(values: ProductFormValues): Record<string, string | undefined> {
  const result = productFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('productFormSchema', () => {
  it('turns the boxes into the API body', () => {
    expect(productFormSchema.parse(FILLED)).toEqual({
      name: 'Dulce de leche Conaprole 1 kg',
      description: '',
      category_id: 7,
      price: '245.50',
      discounted_price: null,
      stock: 12,
      active: true,
      images: ['/media/products/1/x.webp'],
      vat_rate: null,
    });
    expect(productFormSchema.parse({ ...FILLED, discounted_price: '199,9' }).discounted_price).toBe('199.90');
  });

  it("answers with the server's own messages, on the right box", () => {
    expect(messages(EMPTY_PRODUCT_FORM)).toMatchObject({
      name: MESSAGES.required,
      category_id: MESSAGES.required,
      price: MESSAGES.required,
    });
    expect(messages({ ...FILLED, price: '12,345' })).toEqual({ price: STAFF_MESSAGES.invalidPrice });
    expect(messages({ ...FILLED, discounted_price: '300' })).toEqual({
      discounted_price: STAFF_MESSAGES.discountNotLower,
    });
    expect(messages({ ...FILLED, stock: '1,5' })).toEqual({ stock: STAFF_MESSAGES.invalidStock });
    expect(messages({ ...FILLED, stock: '' })).toEqual({ stock: STAFF_MESSAGES.invalidStock });
  });

  it('takes only whole stock figures', () => {
    expect(stockFromText(' 40 ')).toBe(40);
    expect(stockFromText('-1')).toBeNaN();
    expect(stockFromText('1e3')).toBeNaN();
  });
});

describe('No admite devolución (issue 32)', () => {
  it('sends the opposite of the box, and nothing for a new product left as it came (its store kind decides)', () => {
    expect(productFormSchema.parse(FILLED)).not.toHaveProperty('returnable');
    expect(productFormSchema.parse({ ...FILLED, not_returnable: true }).returnable).toBe(false);
    expect(productFormSchema.parse({ ...FILLED, not_returnable: false }).returnable).toBe(true);
  });
});

describe('productFormValues', () => {
  it('shows a saved product as the owner typed it', () => {
    expect(
      productFormValues({
        id: 3,
        name: 'Yerba',
        description: 'Suave',
        category_id: 7,
        category: 'Almacén',
        price: '329.00',
        discounted_price: '279.50',
        currency: 'UYU',
        stock: 95,
        active: false,
        images: ['/a.webp'],
        returnable: false,
        vat_rate: null,
      }),
    ).toEqual({
      name: 'Yerba',
      description: 'Suave',
      category_id: '7',
      price: '329',
      discounted_price: '279,50',
      stock: '95',
      active: false,
      images: ['/a.webp'],
      not_returnable: true,
      vat_rate: '',
    });
  });
});
