import type { StoreKind } from './store-kinds.ts';

/**
 * Uruguay's IVA as a receipt shows it (decision 071): prices include the tax, and the receipt states how much of
 * the total is IVA at each rate. 22 % is the basic rate, 10 % the minimum rate (bread, meat, rice, oil, yerba,
 * medicines…), 0 % an exempt good (fresh fruit and vegetables).
 */
export const IVA_RATES = [22, 10, 0] as const;
export type IvaRate = (typeof IVA_RATES)[number];

/**
 * The rate a store's goods carry until a product says otherwise (decision 071): pharmacies sell medicines and
 * butchers meat at the minimum rate, greengrocers fresh produce exempt, everyone else at the basic rate.
 */
export const STORE_KIND_IVA_RATE: Record<StoreKind, IvaRate> = {
  store: 22,
  pharmacy: 10,
  meat_shop: 10,
  greengrocer_shop: 0,
  clothing_shop: 22,
  toy_store: 22,
  optical_shop: 22,
};

/** The rate of a store kind read from the database; an unknown kind pays the basic rate, never less. */
export function ivaRateOfStoreKind(kind: string): IvaRate {
  return (STORE_KIND_IVA_RATE as Record<string, IvaRate | undefined>)[kind] ?? 22;
}

/** The DGI's 'indicador de facturación' of a line at a rate: 1 exento, 2 tasa mínima, 3 tasa básica. */
export function billingIndicatorOf(rate: IvaRate): 1 | 2 | 3 {
  return rate === 22 ? 3 : rate === 10 ? 2 : 1;
}

/** The IVA inside a price that includes it, in minor units: total × rate / (100 + rate), rounded half up. */
export function ivaIncludedMinor(totalMinor: number, rate: IvaRate): number {
  return Math.round((totalMinor * rate) / (100 + rate));
}

export interface IvaLine {
  /** What the line costs with IVA, after its discount, in minor units. */
  totalMinor: number;
  rate: IvaRate;
}

export interface IvaPart {
  rate: IvaRate;
  /** The lines at this rate, IVA included. */
  totalMinor: number;
  /** IVA included: the sum of each line's own rounded IVA. */
  ivaMinor: number;
  /** totalMinor − ivaMinor: the taxable (or exempt) amount. */
  netMinor: number;
}

/**
 * The receipt's tax summary, one part per rate present, basic first. IVA is rounded per line (each line of the
 * CFE carries its own amount), so a part's IVA is the sum of its lines' and net + IVA equals the lines' total
 * to the cent by construction.
 */
export function ivaBreakdown(lines: readonly IvaLine[]): IvaPart[] {
  return IVA_RATES.flatMap((rate) => {
    const atRate = lines.filter((line) => line.rate === rate);
    if (atRate.length === 0) return [];
    const totalMinor = atRate.reduce((sum, line) => sum + line.totalMinor, 0);
    const ivaMinor = atRate.reduce((sum, line) => sum + ivaIncludedMinor(line.totalMinor, rate), 0);
    return [{ rate, totalMinor, ivaMinor, netMinor: totalMinor - ivaMinor }];
  });
}

/**
 * A product's own IVA (decision 078), as products.vat_rate stores it: 'basic' the canasta básica's 10 %
 * (bread, meat, yerba, medicines…), 'standard' 22 %, 'exempt' 0 % (fresh fruit and vegetables, milk). Null on
 * a product means its store kind's default. The names are the column's; DGI calls 22 % its "tasa básica".
 */
export const VAT_RATES = ['basic', 'standard', 'exempt'] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const VAT_RATE_PERCENT: Record<VatRate, IvaRate> = { basic: 10, standard: 22, exempt: 0 };

/** The CSV import's 'iva' column and the form's choice: 22, 10 or 0. */
export function vatRateOfPercent(percent: number): VatRate | null {
  return percent === 22 ? 'standard' : percent === 10 ? 'basic' : percent === 0 ? 'exempt' : null;
}

/** The rate a product's line is sold at: its own, else its store kind's. */
export function ivaRateOfProduct(vatRate: string | null | undefined, storeKind: string): IvaRate {
  return (
    (VAT_RATE_PERCENT as Record<string, IvaRate | undefined>)[vatRate ?? ''] ?? ivaRateOfStoreKind(storeKind)
  );
}

/** A frozen line rate read back (order_lines.vat_rate); null (a line from before) falls back to the store kind. */
export function ivaRateOfLine(frozen: number | null | undefined, storeKind: string): IvaRate {
  return frozen === 22 || frozen === 10 || frozen === 0 ? frozen : ivaRateOfStoreKind(storeKind);
}
