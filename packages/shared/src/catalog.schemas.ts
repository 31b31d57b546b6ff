import { z } from 'zod';
import { storeAvailabilitySchema } from './store-availability.schemas.ts';
import { STORE_KINDS } from './store-kinds.ts';

/** A decimal amount as the API carries it: "1250.50". */
export const decimalString = z.string().regex(/^-?\d+\.\d{2}$/);

export const storeKindSchema = z.enum(STORE_KINDS);

export const citySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string(),
  state_id: z.number().int(),
});
export type City = z.infer<typeof citySchema>;

export const cityListSchema = z.object({ results: z.array(citySchema) });

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  store_id: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.object({ results: z.array(categorySchema) });

const hoursRangesSchema = z.array(z.object({ from: z.string(), to: z.string() }));

/**
 * A store's week as answers carry it (checked by store-hours.schemas.ts when saved). Spelled out here rather
 * than built from store-hours.ts, so the shop's first load does not bring the hours rules with this schema.
 */
export const weeklyHoursResponseSchema = z.object({
  monday: hoursRangesSchema,
  tuesday: hoursRangesSchema,
  wednesday: hoursRangesSchema,
  thursday: hoursRangesSchema,
  friday: hoursRangesSchema,
  saturday: hoursRangesSchema,
  sunday: hoursRangesSchema,
});

export const storeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string(),
  category: storeKindSchema,
  address_line1: z.string(),
  address_line2: z.string(),
  city: z.string(),
  /** Id of the store's city: shipping compares cities by id, never by name. */
  city_id: z.number().int(),
  state: z.string(),
  zip_code: z.string(),
  status: z.literal('approved'),
  rif: z.string(),
  merchant: z.number().int().nullable(),
  sort_index: z.number().int(),
  cities: z.array(z.string()),
  latitude: z.number(),
  longitude: z.number(),
  created: z.string(),
  modified: z.string(),
  /** Whether it takes orders now: paused or closed by its owner (issue 18). */
  availability: storeAvailabilitySchema,
  /** Its hours per weekday on Montevideo's clock (decision 047); null: no hours set, always open. */
  hours: weeklyHoursResponseSchema.nullable(),
  /** Issue 31: the minutes its owner promises to prepare an order in; null: no promise. */
  preparation_minutes: z.number().int().nullable(),
});
export type Store = z.infer<typeof storeSchema>;

export const storeListSchema = z.array(storeSchema);

export const nearStoreSchema = storeSchema.extend({ distance_km: z.number() });
export type NearStore = z.infer<typeof nearStoreSchema>;
export const nearStoreListSchema = z.array(nearStoreSchema);

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: decimalString,
  merchant_discounted_price: decimalString.nullable(),
  discount: z.boolean(),
  currency: z.string(),
  images: z.array(z.string()),
  store_id: z.number().int(),
  store_name: z.string(),
  category: z.string(),
  category_id: z.number().int(),
  popularity: z.number().int(),
  stock: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);
/** A page of search results (issue 16: the results page pages through them; the dropdown shows page 1). */
export const productSearchSchema = z.object({
  results: z.array(productSchema),
  page: z.number().int(),
  has_next: z.boolean(),
});

export const categoryProductsSchema = z.object({
  category: z.number().int(),
  name: z.string(),
  store_id: z.number().int(),
  products: z.array(productSchema),
  notProducts: z.boolean(),
});
export type CategoryProducts = z.infer<typeof categoryProductsSchema>;
export const categoryProductsListSchema = z.array(categoryProductsSchema);

/** Reference data of spec §3: Uruguay's departments with their main cities. */
export const departmentSchema = z.object({
  id_estado: z.number().int(),
  estado: z.string(),
  ciudades: z.array(z.string()),
});
export const departmentListSchema = z.object({ results: z.array(departmentSchema) });
