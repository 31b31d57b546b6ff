/**
 * An order number ('MV-10234-1') kept on one line: a narrow screen may wrap before it, never at its hyphens,
 * where half a number reads as another one (issue 16).
 */
export function OrderNumber({ children }: { children: string }) {
  return <span className="order-number">{children}</span>;
}
