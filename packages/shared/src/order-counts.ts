/**
 * The one way an order's size is said (issue 31): how many different products and how many units in all,
 * '2 productos · 4 unidades', on the tracking page, the courier link, the store inbox and the back office, so
 * the four never disagree ('6 productos' beside '2 productos · 4 unidades' for the same order).
 */
export interface OrderCounts {
  /** Different products: the order's lines. */
  products: number;
  /** Units in all: the lines' quantities added up. */
  units: number;
}

/** The counts of a list of lines (each with its quantity). */
export function countOrderLines(lines: readonly { quantity: number }[]): OrderCounts {
  return { products: lines.length, units: lines.reduce((sum, line) => sum + line.quantity, 0) };
}

/** '1 producto · 1 unidad', '2 productos · 4 unidades'. */
export function orderCountsText(counts: OrderCounts): string {
  const products = counts.products === 1 ? '1 producto' : `${counts.products} productos`;
  const units = counts.units === 1 ? '1 unidad' : `${counts.units} unidades`;
  return `${products} · ${units}`;
}
