import type { Permission } from '@mandado/shared/permissions';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';

/**
 * The back office's sections (issue 19), in the order of the nav, each with the permission that opens it:
 * a section an operator's group cannot use is not shown (the API refuses it anyway).
 */
export const ADMIN_SECTIONS: readonly { path: string; label: string; permission: Permission }[] = [
  { path: STAFF_PATHS.admin, label: 'Resumen', permission: 'admin:read' },
  { path: STAFF_PATHS.adminOrders, label: 'Pedidos', permission: 'admin:read' },
  { path: STAFF_PATHS.adminPayments, label: 'Pagos', permission: 'admin:read' },
  { path: STAFF_PATHS.adminStores, label: 'Tiendas', permission: 'admin:read' },
  { path: STAFF_PATHS.adminStatements, label: 'Liquidaciones', permission: 'admin:read' },
  { path: STAFF_PATHS.adminPeople, label: 'Personas', permission: 'admin:read' },
  { path: STAFF_PATHS.adminSupport, label: 'Soporte', permission: 'support:read' },
  { path: STAFF_PATHS.adminReturns, label: 'Devoluciones', permission: 'returns:manage' },
  { path: STAFF_PATHS.adminCoupons, label: 'Cupones', permission: 'admin:read' },
  { path: STAFF_PATHS.adminSettings, label: 'Ajustes', permission: 'admin:read' },
  { path: STAFF_PATHS.adminWebhooks, label: 'Webhooks', permission: 'admin:manage' },
  { path: STAFF_PATHS.adminFiscal, label: 'Comprobantes', permission: 'admin:read' },
  { path: STAFF_PATHS.adminAudit, label: 'Auditoría', permission: 'admin:read' },
  /** The operator's own second factor (issue 27), a staff page outside the back office. */
  { path: STAFF_PATHS.security, label: 'Seguridad', permission: 'admin:read' },
];
