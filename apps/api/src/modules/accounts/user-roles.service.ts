import { OPERATOR_GROUPS, type OperatorGroup, type StoreMemberRole } from '@mandado/shared/permissions';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import {
  removeStoreMembershipFromCommand,
  setStoreMembershipFromCommand,
} from '../store-members/store-members.service.ts';
import { isExistingStore } from '../stores/stores.service.ts';
import {
  deleteOperator,
  deleteOperatorRole,
  upsertOperator,
  upsertOperatorGroup,
} from './user-roles.repository.ts';
import { findUserByEmail } from './users.repository.ts';

/**
 * `npm run user:role -- <e-mail> <role> [--remove]` (decision 012): grants or removes a staff role on a
 * fresh install without SQL. Roles: `operator` (group administración, the first operator's), `operator:pagos` /
 * `operator:soporte` (issue 19's groups), or `merchant:<store id>` (owner) / `merchant:<store id>:staff`. Later
 * operators are better granted from the back office, where the change is audited.
 */
export type UserRoleCommand =
  | { email: string; role: 'operator'; group: OperatorGroup; remove: boolean }
  | { email: string; role: 'merchant'; storeId: number; memberRole: StoreMemberRole; remove: boolean };

export const USER_ROLE_USAGE =
  'Uso: npm run user:role -- <correo> operator[:administracion|pagos|soporte]|merchant:<id de tienda>[:staff] [--remove]';

/** A mistake in the command or the data: the CLI prints the message and exits with 1. */
export class UserRoleError extends Error {}

export function parseUserRoleArgs(args: readonly string[]): UserRoleCommand {
  const remove = args.includes('--remove');
  const [email, role, ...rest] = args.filter((arg) => arg !== '--remove');
  if (!email || !role || rest.length > 0) throw new UserRoleError(USER_ROLE_USAGE);
  const normalized = email.trim().toLowerCase();
  const operator = /^operator(?::([a-z]+))?$/.exec(role);
  if (operator) {
    const group = OPERATOR_GROUPS.find((name) => name === (operator[1] ?? 'administracion'));
    if (!group) throw new UserRoleError(`Grupo de operador desconocido: ${operator[1]}. ${USER_ROLE_USAGE}`);
    return { email: normalized, role: 'operator', group, remove };
  }
  const merchant = /^merchant:(\d{1,10})(?::(owner|staff))?$/.exec(role);
  if (merchant?.[1]) {
    const memberRole: StoreMemberRole = merchant[2] === 'staff' ? 'staff' : 'owner';
    return { email: normalized, role: 'merchant', storeId: Number(merchant[1]), memberRole, remove };
  }
  throw new UserRoleError(`Rol desconocido: ${role}. ${USER_ROLE_USAGE}`);
}

/** Applies the command and says what changed, in Spanish; an unknown user or store is a UserRoleError. */
export async function applyUserRole(db: Database, command: UserRoleCommand): Promise<string> {
  const user = await findUserByEmail(db, command.email);
  if (!user) {
    throw new UserRoleError(
      `No hay ninguna cuenta con el correo ${command.email}. Debe registrarse primero.`,
    );
  }
  if (command.role === 'operator') {
    if (command.remove) {
      const removed = await deleteOperator(db, user.id);
      return removed ? `${command.email} ya no es operador.` : `${command.email} no era operador.`;
    }
    await upsertOperator(db, user.id, command.group);
    return `${command.email} es operador (${command.group}).`;
  }
  if (!(await isExistingStore(db, command.storeId))) {
    throw new UserRoleError(`No existe la tienda ${command.storeId}.`);
  }
  if (command.remove) {
    const removed = await removeStoreMembershipFromCommand(db, command.storeId, user.id);
    return removed
      ? `${command.email} ya no es miembro de la tienda ${command.storeId}.`
      : `${command.email} no era miembro de la tienda ${command.storeId}.`;
  }
  await setStoreMembershipFromCommand(db, {
    storeId: command.storeId,
    userId: user.id,
    role: command.memberRole,
  });
  const place = command.memberRole === 'owner' ? 'dueño' : 'personal';
  return `${command.email} es miembro (${place}) de la tienda ${command.storeId}.`;
}

/**
 * The back office's grant, move or removal of the operator role (`group` null removes it), in admin-people's
 * audited transaction (`tx`): accounts owns user_roles.
 */
export async function changeOperatorGroup(
  tx: DatabaseOrTransaction,
  userId: number,
  group: OperatorGroup | null,
): Promise<void> {
  if (group === null) await deleteOperatorRole(tx, userId);
  else await upsertOperatorGroup(tx, userId, group);
}
