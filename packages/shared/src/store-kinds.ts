/** Store kinds with the spec's §1 labels (with their accents, decision 033), in the order the store filter shows them. */
export const STORE_KINDS = [
  'store',
  'pharmacy',
  'meat_shop',
  'greengrocer_shop',
  'clothing_shop',
  'toy_store',
  'optical_shop',
] as const;

export type StoreKind = (typeof STORE_KINDS)[number];

export const STORE_KIND_LABELS: Record<StoreKind, string> = {
  store: 'Tiendas',
  pharmacy: 'Farmacias',
  meat_shop: 'Carnicerías',
  greengrocer_shop: 'Verdulerías',
  clothing_shop: 'Tiendas de ropa',
  toy_store: 'Jugueterías',
  optical_shop: 'Ópticas',
};

export function isStoreKind(value: string): value is StoreKind {
  return (STORE_KINDS as readonly string[]).includes(value);
}

/** The :store route segment: the store name with all whitespace removed (spec §2). */
export function storeSlug(storeName: string): string {
  return storeName.replace(/\s+/g, '');
}
