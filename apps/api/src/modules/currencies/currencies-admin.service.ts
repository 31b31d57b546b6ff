import { ADMIN_SETTINGS_MESSAGES, type AdminCurrency } from '@mandado/shared/admin-settings.schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  currencyExists,
  deleteRateOverride,
  latestDatedRate,
  listCurrenciesForAdmin,
  lockRateOverride,
  upsertRateOverride,
} from './currencies.repository.ts';

/** "40.15000000" → "40.15" (numeric(18, 8) pads), the way the shop's answer writes rates. */
function trimRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/\.?0+$/, '') : rate;
}

/** `GET /v1/admin/currencies/`: each currency's dated rate, its date, the override if any, and what is in force. */
export async function listAdminCurrencies(db: Database, actor: Actor | null): Promise<AdminCurrency[]> {
  requirePermission(actor, 'admin:read');
  const rows = await listCurrenciesForAdmin(db);
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    rate: trimRate(row.rate),
    rate_date: row.rateDate,
    override:
      row.overrideRate === null || row.overrideSetAt === null
        ? null
        : {
            rate: trimRate(row.overrideRate),
            set_at: row.overrideSetAt.toISOString(),
            set_by: row.overrideSetBy,
          },
    rate_in_force: trimRate(row.overrideRate ?? row.rate),
  }));
}

/** How far an override may stray from the dated rate, either way. */
const OVERRIDE_FACTOR = 3;

async function requireCurrency(db: Database, code: string): Promise<string> {
  const normalized = code.trim().toUpperCase();
  if (normalized === 'USD') throw new HttpError(400, { rate: [ADMIN_SETTINGS_MESSAGES.rateForDollar] });
  if (!(await currencyExists(db, normalized))) throw notFound(ADMIN_SETTINGS_MESSAGES.unknownCurrency);
  return normalized;
}

/**
 * `PUT /v1/admin/currencies/:code/override/`: the operator's rate is in force at once for prices, the cart
 * and checkout (they read rates from the database per request), with its audit row in the same transaction.
 */
export async function setRateOverride(
  db: Database,
  actor: Actor | null,
  rawCode: string,
  rate: string,
  now: Date = new Date(),
): Promise<void> {
  const operator = requirePermission(actor, 'admin:manage');
  const code = await requireCurrency(db, rawCode);
  // A typo (an extra zero, a rate per 100) would reprice the whole shop: an override stays within a factor
  // of OVERRIDE_FACTOR of the dated rate, which a real devaluation between two rate sets does not leave.
  const dated = await latestDatedRate(db, code);
  if (dated !== null) {
    const [low, high] = [Number(dated) / OVERRIDE_FACTOR, Number(dated) * OVERRIDE_FACTOR];
    if (Number(rate) < low || Number(rate) > high) {
      throw new HttpError(400, {
        rate: [ADMIN_SETTINGS_MESSAGES.rateOutOfRange(trimRate(low.toFixed(4)), trimRate(high.toFixed(4)))],
      });
    }
  }
  await db.transaction(async (tx) => {
    const before = await lockRateOverride(tx, code);
    await upsertRateOverride(tx, { code, rate, setBy: operator.userId, setAt: now });
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'currency.override_set',
      subject: `currency:${code}`,
      detail: { before: before === null ? null : trimRate(before), after: trimRate(rate) },
    });
  });
}

/** `DELETE /v1/admin/currencies/:code/override/`: back to the dated rate; 404 when there was no override. */
export async function removeRateOverride(db: Database, actor: Actor | null, rawCode: string): Promise<void> {
  const operator = requirePermission(actor, 'admin:manage');
  const code = await requireCurrency(db, rawCode);
  await db.transaction(async (tx) => {
    const before = await lockRateOverride(tx, code);
    if (before === null) throw notFound(ADMIN_SETTINGS_MESSAGES.noOverride);
    await deleteRateOverride(tx, code);
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'currency.override_removed',
      subject: `currency:${code}`,
      detail: { before: trimRate(before), after: null },
    });
  });
}
