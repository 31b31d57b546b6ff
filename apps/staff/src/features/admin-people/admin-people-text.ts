import { OPERATOR_GROUP_LABELS } from '@mandado/shared/admin-people.schemas';
import { parseMoney } from '@mandado/shared/money';
import { minusText, USD, usdText } from '@mandado/shared/money-text';
import type { OperatorGroup, Role } from '@mandado/shared/permissions';
import { STAFF_PATHS } from '@mandado/shared/staff-routes';

/** The wording of the back office's people (issue 19), apart from the screens so it can be tested. */

export function personPagePath(userId: number): string {
  return STAFF_PATHS.adminPerson.replace(':userId', String(userId));
}

const ROLE_LABELS: Record<Role, string> = {
  remitter: 'Cliente',
  merchant: 'Comercio',
  operator: 'Operador',
};

/** "Cliente · Comercio · Operador (Pagos)": what the account is, its operator group named. */
export function rolesText(roles: readonly Role[], group: OperatorGroup | null): string {
  return roles
    .map((role) =>
      role === 'operator' && group
        ? `${ROLE_LABELS[role]} (${OPERATOR_GROUP_LABELS[group]})`
        : ROLE_LABELS[role],
    )
    .join(' · ');
}

/** "US$ 10,50": an API decimal (a balance, the credit) in the shared money text. */
export function amountText(amount: string): string {
  return usdText(parseMoney(amount));
}

/** "+US$ 10,50" / "−US$ 2,00": a ledger amount with its sign (the shared money text). */
export function signedAmountText(amount: string): string {
  const minor = parseMoney(amount);
  return minor < 0 ? minusText(minor, USD) : `+${usdText(minor)}`;
}

/** A fresh Idempotency-Key for one adjustment the operator means to make. */
export function newAdjustmentKey(): string {
  return `ajuste-${crypto.randomUUID()}`;
}
