import type { coupons } from '../schema/coupons.ts';

/**
 * Demo coupons (issue 10): one percentage for a first purchase, one amount with a minimum, and one that ran
 * out, so the checkout's coupon field can be tried with each answer.
 */
export const DEMO_COUPONS: ReadonlyArray<typeof coupons.$inferInsert> = [
  { code: 'BIENVENIDA10', type: 'discount_percentage', value: '10.00', maxUsesPerUser: 1 },
  { code: 'ENVIO5', type: 'discount_amount', value: '5.00', minimumPurchase: '30.00' },
  { code: 'LANZAMIENTO', type: 'discount_percentage', value: '20.00', maxUsesTotal: 100, usesCount: 100 },
];
