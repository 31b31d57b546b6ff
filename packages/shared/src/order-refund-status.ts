/**
 * How much of a checkout's payment came back (issue 17): the remitter's payment chip says 'Reembolsado en
 * parte' or 'Reembolsado' from the sum of its refunds against what the group charged.
 */

export const GROUP_REFUND_STATUSES = ['none', 'partial', 'full'] as const;
export type GroupRefundStatus = (typeof GROUP_REFUND_STATUSES)[number];

export const GROUP_REFUND_STATUS_LABELS: Record<GroupRefundStatus, string> = {
  none: 'Sin reembolsos',
  partial: 'Reembolsado en parte',
  full: 'Reembolsado',
};

/**
 * `full` once the refunds reach the group's charged total (minor units both), `partial` below it, `none`
 * without any. A group paid entirely with credit (total 0) that got something back counts as full.
 */
export function groupRefundStatus(refundedMinor: number, paidMinor: number): GroupRefundStatus {
  if (refundedMinor <= 0) return 'none';
  return refundedMinor >= paidMinor ? 'full' : 'partial';
}
