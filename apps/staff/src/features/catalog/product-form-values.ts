import type { VatRate } from '@mandado/shared/iva';
import { type MerchantProduct, merchantProductInputSchema } from '@mandado/shared/merchant-catalog.schemas';
import { z } from 'zod';
import { priceInputText } from './catalog-text.ts';

/**
 * What the form's boxes hold: text as typed (a select and a number box give strings too), the checkbox and
 * the uploaded photos' URLs. productFormSchema turns it into the API's body and checks it with the very
 * schema the server uses, so the messages under the boxes are the server's.
 */
export interface ProductFormValues {
  name: string;
  description: string;
  category_id: string;
  price: string;
  discounted_price: string;
  stock: string;
  active: boolean;
  images: string[];
  /**
   * 'No admite devolución' (issue 32): the API's `returnable`, inverted. Null on a new product the owner has
   * not ticked or unticked: the API then gives it the store kind's default (greengrocers, butchers and
   * pharmacies not returnable, decision 076), which this app does not know.
   */
  not_returnable: boolean | null;
  /** '' the store kind's rate, else 'basic' | 'standard' | 'exempt' (decision 078). */
  vat_rate: string;
}

/** The form's field names: the API's, so a 400's field errors land on the right box. */
export const PRODUCT_FORM_FIELDS = [
  'name',
  'description',
  'category_id',
  'price',
  'discounted_price',
  'stock',
  'active',
  'images',
  'vat_rate',
] as const satisfies ReadonlyArray<keyof ProductFormValues>;

/** Whole units only: "12" → 12; "", "1,5" or "-1" → NaN, which the schema answers with its stock message. */
export function stockFromText(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export const productFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    category_id: z.string(),
    price: z.string(),
    discounted_price: z.string(),
    stock: z.string(),
    active: z.boolean(),
    images: z.array(z.string()),
    not_returnable: z.boolean().nullable(),
    vat_rate: z.string(),
  })
  .transform(
    ({ not_returnable, ...values }): z.input<typeof merchantProductInputSchema> => ({
      ...values,
      ...(not_returnable === null ? {} : { returnable: !not_returnable }),
      // NaN is "no number" to zod: the schema's 'required' message rather than one about positive numbers.
      category_id: values.category_id === '' ? Number.NaN : Number(values.category_id),
      // An empty discount box means no discount.
      discounted_price: values.discounted_price.trim() === '' ? null : values.discounted_price,
      stock: stockFromText(values.stock),
      // The empty choice is the store kind's rate: null, as the API stores it.
      // A select offers only VAT_RATES; the piped schema checks it all the same.
      vat_rate: values.vat_rate === '' ? null : (values.vat_rate as VatRate),
    }),
  )
  .pipe(merchantProductInputSchema);

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  description: '',
  category_id: '',
  price: '',
  discounted_price: '',
  stock: '0',
  active: true,
  images: [],
  not_returnable: null,
  vat_rate: '',
};

/** A saved product in the form's boxes, its prices as an owner types them ("1250,50"). */
export function productFormValues(product: MerchantProduct): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    category_id: String(product.category_id),
    price: priceInputText(product.price),
    discounted_price: product.discounted_price === null ? '' : priceInputText(product.discounted_price),
    stock: String(product.stock),
    active: product.active,
    images: [...product.images],
    not_returnable: !product.returnable,
    vat_rate: product.vat_rate ?? '',
  };
}
