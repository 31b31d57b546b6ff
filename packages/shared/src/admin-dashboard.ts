/**
 * The dashboard's ranges (issue 19), without zod: the dashboard page reads them, and its first load must not
 * bring the validation library (the staff app's 150 KiB budget). The API's schemas are in
 * admin-dashboard.schemas.ts.
 */
export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

/** How many Montevideo days each range covers, today included. */
export const DASHBOARD_RANGE_DAYS: Readonly<Record<DashboardRange, number>> = {
  today: 1,
  '7d': 7,
  '30d': 30,
};

export const DASHBOARD_RANGE_LABELS: Readonly<Record<DashboardRange, string>> = {
  today: 'Hoy',
  '7d': 'Últimos 7 días',
  '30d': 'Últimos 30 días',
};
