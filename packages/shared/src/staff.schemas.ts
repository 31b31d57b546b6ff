import { z } from 'zod';
import { STORE_MEMBER_ROLES } from './permissions.ts';

/**
 * A store's review status (spec §3): only `approved` stores are shown to shoppers. An operator's suspension
 * (issue 19) hides it too, while its members keep working its open orders.
 */
export const storeStatusSchema = z.enum(['approved', 'pending', 'rejected', 'suspended']);

/** GET /v1/merchant/stores/: the stores the logged-in merchant works for, and their place in each. */
export const merchantStoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: storeStatusSchema,
  /** The store's own city (not the cities it delivers to). */
  city: z.string(),
  member_role: z.enum(STORE_MEMBER_ROLES),
});
export type MerchantStore = z.infer<typeof merchantStoreSchema>;
export const merchantStoreListSchema = z.object({ results: z.array(merchantStoreSchema) });
