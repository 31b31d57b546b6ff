import type { MerchantProduct } from '@mandado/shared/merchant-catalog.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import type { MerchantProductRow } from './merchant-catalog.repository.ts';

/** numeric(12,2) as the driver gives it ("1250.5" on one engine, "1250.50" on the other) → "1250.50". */
function decimal(value: string): string {
  return formatMinorAsDecimal(parseMoney(value));
}

export function presentMerchantProduct(row: MerchantProductRow): MerchantProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category_id: row.categoryId,
    category: row.categoryName,
    price: decimal(row.price),
    discounted_price:
      row.discount && row.merchantDiscountedPrice !== null ? decimal(row.merchantDiscountedPrice) : null,
    currency: row.currency,
    stock: row.stock,
    active: row.active,
    images: row.images,
    returnable: row.returnable,
    vat_rate: row.vatRate,
  };
}
