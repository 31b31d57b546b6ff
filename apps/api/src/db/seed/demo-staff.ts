import { randomBytes } from 'node:crypto';
import { register } from '../../modules/accounts/accounts.service.ts';
import { applyUserRole } from '../../modules/accounts/user-roles.service.ts';
import { findStoreIdByName } from '../../modules/stores/stores.service.ts';
import type { Database } from '../database.ts';

/**
 * The demo's staff (issue 17): on a local first start, one store owner of two stores (so the store picker
 * shows) and two operators (the second approves what the first grants, issue 27), so `npm start` lets a person try /comercio, /admin and a courier link. A
 * published site never gets them (server.ts asks), and the password is random unless DEMO_STAFF_PASSWORD
 * names one (the E2E suite does): printed once in the start log, never stored in the repository.
 */
export const DEMO_MERCHANT_EMAIL = 'comercio@demo.mandado.uy';
export const DEMO_OPERATOR_EMAIL = 'operador@demo.mandado.uy';
/**
 * A second operator of administración (issue 27): granting an operator group needs another one's approval,
 * so the demo has someone to approve with.
 */
export const DEMO_REVIEWER_EMAIL = 'revisora@demo.mandado.uy';
/** The stores the demo merchant owns: the one that sells the E2E suite's yerba, and a pharmacy. */
export const DEMO_MERCHANT_STORES = ['Supermercado El Puerto', 'Farmacia Rambla'] as const;

export async function seedDemoStaff(db: Database, password: string): Promise<void> {
  const people = [
    { email: DEMO_MERCHANT_EMAIL, first: 'Lucía', last: 'Comercio', phone: '+598 99 100 200' },
    { email: DEMO_OPERATOR_EMAIL, first: 'Martín', last: 'Operador', phone: '+598 99 100 300' },
    { email: DEMO_REVIEWER_EMAIL, first: 'Carla', last: 'Revisora', phone: '+598 99 100 400' },
  ];
  for (const person of people) {
    await register(db, {
      email: person.email,
      password,
      first_name: person.first,
      last_name: person.last,
      phone_number: person.phone,
      referral_token: '',
    });
  }
  for (const name of DEMO_MERCHANT_STORES) {
    const storeId = await findStoreIdByName(db, name);
    if (storeId === null) continue;
    await applyUserRole(db, {
      email: DEMO_MERCHANT_EMAIL,
      role: 'merchant',
      storeId,
      memberRole: 'owner',
      remove: false,
    });
  }
  for (const email of [DEMO_OPERATOR_EMAIL, DEMO_REVIEWER_EMAIL]) {
    await applyUserRole(db, { email, role: 'operator', group: 'administracion', remove: false });
  }
}

/** DEMO_STAFF_PASSWORD, or a fresh random one (base64url, 18 bytes). */
export function demoStaffPassword(env: NodeJS.ProcessEnv = process.env): string {
  return env.DEMO_STAFF_PASSWORD || randomBytes(12).toString('base64url');
}
