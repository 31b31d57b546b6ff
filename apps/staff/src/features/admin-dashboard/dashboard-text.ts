import { DASHBOARD_RANGES, type DashboardRange } from '@mandado/shared/admin-dashboard';

/** The range a `?rango=` value names; today when it names none. */
export function dashboardRangeFor(param: string | null): DashboardRange {
  return DASHBOARD_RANGES.find((range) => range === param) ?? 'today';
}

/** "23/11" for a Montevideo day (YYYY-MM-DD): the chart's axis. */
export function shortDayText(isoDay: string): string {
  const [, month, day] = isoDay.split('-');
  return month && day ? `${day}/${month}` : isoDay;
}

/** "3 de 5 (60 %)": how many of the orders were paid. */
export function shareText(part: number, whole: number): string {
  if (whole === 0) return '0';
  return `${part} de ${whole} (${Math.round((part / whole) * 100)} %)`;
}
