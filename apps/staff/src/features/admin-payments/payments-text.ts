/** Words of the payments screen that depend on the clock or a count, kept pure for their tests. */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** "hace unos minutos", "hace 1 hora", "hace 5 horas", "hace 1 día", "hace 2 días": how long it has waited. */
export function ageText(iso: string, now: Date): string {
  const elapsed = now.getTime() - Date.parse(iso);
  if (!Number.isFinite(elapsed)) return '';
  if (elapsed < HOUR_MS) return 'hace unos minutos';
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return hours === 1 ? 'hace 1 hora' : `hace ${hours} horas`;
  }
  const days = Math.floor(elapsed / DAY_MS);
  return days === 1 ? 'hace 1 día' : `hace ${days} días`;
}

/** Whether the deadline has passed or falls within the next day: the queue marks those. */
export function deadlineUrgency(iso: string | null, now: Date): 'past' | 'soon' | 'later' {
  if (!iso) return 'later';
  const left = Date.parse(iso) - now.getTime();
  if (left <= 0) return 'past';
  return left < DAY_MS ? 'soon' : 'later';
}

/** "1 pedido pagado", "3 pedidos pagados". */
export function paidCountText(count: number): string {
  return count === 1 ? '1 pedido marcado como pagado' : `${count} pedidos marcados como pagados`;
}
