/**
 * The courier's 'Llegué' (issue 29, decision 064): a note on the store order's history with this fixed text,
 * read back by the tracking page to tell the family the courier is at the door.
 */
export const COURIER_ARRIVED_NOTE = 'El repartidor llegó a la dirección.';

export const COURIER_ARRIVAL_MESSAGES = {
  notOnTheWay: 'Primero toca «Retiré el pedido»: el pedido tiene que estar en camino.',
  alreadyArrived: 'Ya avisaste que llegaste: la familia lo ve en su seguimiento.',
  arrived: 'Avisamos a la familia que llegaste.',
} as const;

/** The statuses in which the courier may say 'Llegué' (on the way, or trying again after an attempt). */
export const ARRIVAL_STATUSES: ReadonlySet<string> = new Set(['in_transit', 'delivery_attempt']);

/** When the courier last said 'Llegué' in the current trip, from the store order's history; null if not. */
export function arrivedAt(
  status: string,
  history: ReadonlyArray<{ fromStatus: string | null; toStatus: string; reason: string; createdAt: Date }>,
): string | null {
  if (!ARRIVAL_STATUSES.has(status)) return null;
  const last = history.at(-1);
  return last && last.fromStatus === last.toStatus && last.reason === COURIER_ARRIVED_NOTE
    ? last.createdAt.toISOString()
    : null;
}
