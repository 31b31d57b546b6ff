/**
 * Issue 31's words for a store's preparation, without zod: the shop's store page reads the promise, the
 * payment flows write the reason (the schemas are in store-preparation.schemas.ts).
 */

/** The history's reason when the system accepted an order for a store with auto-accept on. */
export const AUTO_ACCEPT_REASON = 'Aceptado automáticamente (la tienda acepta sus pedidos al pagarse)';

/** What the shopper reads on the store's page: 'Prepara tu pedido en unos 30 min'; 90 → '1 h 30 min'. */
export function preparationPromiseText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const span = hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  return `Prepara tu pedido en unos ${span}`;
}
