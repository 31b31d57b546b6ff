import type { Card } from '@mandado/shared/card.schemas';
import type { CardBrand } from '@mandado/shared/sandbox-cards';
import type { SavedCardRow } from './cards.repository.ts';

/** Spec §3 Card: the public uuid, brand, last 4 digits and expiry; the processor token never leaves us. */
export function presentCard(row: SavedCardRow): Card {
  // The rows were written from the processor's own brand list and the table's processor check.
  return {
    id: row.cardId,
    brand: row.brand as CardBrand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    processor: row.processor === 'stripe' ? 'stripe' : 'sandbox',
  };
}
