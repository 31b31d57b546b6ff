import type { MerchantProduct, MerchantStockChange } from '@mandado/shared/merchant-catalog.schemas';
import { PRODUCT_STOCK_MAX } from '@mandado/shared/merchant-catalog.schemas';
import { parseMoney } from '@mandado/shared/money';
import { currencySymbol, moneyText, numberText } from '@mandado/shared/money-text';

/**
 * The owner sees prices in the store's own currency (the one the shoppers' prices are converted from), never
 * in a display currency: what they type in the form is what this list shows.
 */
export function productPriceTexts(
  product: Pick<MerchantProduct, 'price' | 'discounted_price' | 'currency'>,
): { current: string; old: string | null } {
  const currency = { code: product.currency };
  const price = moneyText(parseMoney(product.price), currency);
  if (product.discounted_price === null) return { current: price, old: null };
  return { current: moneyText(parseMoney(product.discounted_price), currency), old: price };
}

/** "$U", "US$", "CL$"…: the symbol beside the form's price boxes. */
export function priceSymbol(currencyCode: string): string {
  return currencySymbol({ code: currencyCode });
}

/**
 * A stored price ("1250.50") as the form's box shows it, the way an owner in Uruguay types it: "1250,50", and
 * "1250" when whole. No thousands dots: the box takes the number back as typed (normalizePriceInput).
 */
export function priceInputText(decimal: string): string {
  const minor = parseMoney(decimal);
  return numberText(minor, minor % 100 === 0 ? 0 : 2).replaceAll('.', '');
}

/**
 * The stock the list shows at once after a tap, before the server answers: the server clamps the same way
 * (never below 0 nor above the maximum), so the figure rarely jumps back.
 */
export function stockAfter(stock: number, change: MerchantStockChange): number {
  const next = 'set' in change ? change.set : stock + change.delta;
  return Math.min(PRODUCT_STOCK_MAX, Math.max(0, next));
}

/** The stock between '−' and '+': the figure ("1.250") and its unit, shown in small type under it. */
export function stockFigure(stock: number): { figure: string; unit: string } {
  return { figure: numberText(Math.max(0, stock) * 100, 0), unit: stock === 1 ? 'unidad' : 'unidades' };
}
