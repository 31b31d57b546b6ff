/**
 * How a refund splits between the store's goods and Mandado's shipping (decision 071): refunds take the goods
 * first (a line refunded, then the rest of the order with its shipping), each capped at what is left of it
 * after the earlier refunds of the same store order.
 */
export function splitRefund(input: {
  goodsMinor: number;
  shippingMinor: number;
  earlierMinor: number;
  amountMinor: number;
}): { goodsMinor: number; shippingMinor: number } {
  const goodsLeft = Math.max(0, input.goodsMinor - input.earlierMinor);
  const goods = Math.min(input.amountMinor, goodsLeft);
  const shippingLeft = Math.max(0, input.shippingMinor - Math.max(0, input.earlierMinor - input.goodsMinor));
  return { goodsMinor: goods, shippingMinor: Math.min(input.amountMinor - goods, shippingLeft) };
}
