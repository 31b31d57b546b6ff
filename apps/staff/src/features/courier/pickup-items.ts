import type { CourierStoreOrder } from '@mandado/shared/courier.schemas';

/** What is not ticked yet, by name, for the courier's message: 'Faltan: Café (2), Arroz (1).' */
export function missingItemsText(
  items: CourierStoreOrder['items'],
  ticked: ReadonlySet<number>,
): string | null {
  const missing = items.filter((_, index) => !ticked.has(index));
  if (missing.length === 0) return null;
  const list = missing.map((item) => `${item.name} (${item.quantity})`).join(', ');
  return `${missing.length === 1 ? 'Falta' : 'Faltan'}: ${list}. Tilda lo que retiras o pide a la tienda lo que falta.`;
}
