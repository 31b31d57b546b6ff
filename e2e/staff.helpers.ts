import type { TestAccount } from './account.helpers.ts';

/**
 * The demo's staff, seeded on each E2E server's first start (apps/api/src/db/seed/demo-staff.ts) with the
 * password playwright.config.ts gives the servers.
 */
export const DEMO_STAFF_PASSWORD = 'demo-staff-e2e-2026';

/** Owner of Supermercado El Puerto (the yerba's store) and Farmacia Rambla. */
export const DEMO_MERCHANT: TestAccount = {
  email: 'comercio@demo.mandado.uy',
  password: DEMO_STAFF_PASSWORD,
  firstName: 'Lucía',
  lastName: 'Comercio',
  referralToken: '',
};

export const DEMO_OPERATOR: TestAccount = {
  email: 'operador@demo.mandado.uy',
  password: DEMO_STAFF_PASSWORD,
  firstName: 'Martín',
  lastName: 'Operador',
  referralToken: '',
};

/** The second operator of administración, who approves the groups the first grants (issue 27). */
export const DEMO_REVIEWER: TestAccount = {
  email: 'revisora@demo.mandado.uy',
  password: DEMO_STAFF_PASSWORD,
  firstName: 'Carla',
  lastName: 'Revisora',
  referralToken: '',
};
