import {
  ADMIN_COUPONS_MESSAGES,
  type AdminCoupon,
  type AdminCouponList,
  type CouponValues,
} from '@mandado/shared/admin-coupons.schemas';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import type { DiscountType } from '@mandado/shared/order-pricing';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { sqlStateOf } from '../../db/transaction-retry.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  type CouponRow,
  type CouponWrite,
  couponCodeTaken,
  insertCoupon,
  listCouponsPage,
  lockCoupon,
  updateCoupon,
} from './coupons.repository.ts';

const PAGE_SIZE = 50;

function presentCoupon(row: CouponRow): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    type: row.type as DiscountType,
    value: formatMinorAsDecimal(parseMoney(row.value)),
    minimum_purchase: formatMinorAsDecimal(parseMoney(row.minimumPurchase)),
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
    max_uses_total: row.maxUsesTotal,
    max_uses_per_user: row.maxUsesPerUser,
    uses_count: row.usesCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit row keeps of a coupon: its terms, as the operator's screen shows them. */
function auditTerms(coupon: AdminCoupon): Record<string, unknown> {
  const { id: _id, created_at: _created, uses_count: _uses, ...terms } = coupon;
  return terms;
}

function toWrite(input: CouponValues): CouponWrite {
  return {
    code: input.code,
    type: input.type,
    value: formatMinorAsDecimal(parseMoney(input.value)),
    minimumPurchase: formatMinorAsDecimal(parseMoney(input.minimum_purchase)),
    validFrom: input.valid_from ? new Date(input.valid_from) : null,
    validUntil: input.valid_until ? new Date(input.valid_until) : null,
    maxUsesTotal: input.max_uses_total,
    maxUsesPerUser: input.max_uses_per_user,
  };
}

/** `GET /v1/admin/coupons/`: newest first, 50 a page (one query), optionally those whose code contains `q`. */
export async function listAdminCoupons(
  db: Database,
  actor: Actor | null,
  query: { cursor?: string | undefined; q?: string | undefined },
): Promise<AdminCouponList> {
  requirePermission(actor, 'admin:read');
  const rows = await listCouponsPage(db, {
    beforeId: query.cursor === undefined ? null : Number(query.cursor),
    search: query.q ? query.q.toUpperCase() : null,
    limit: PAGE_SIZE + 1,
  });
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    results: page.map(presentCoupon),
    next_cursor: rows.length > PAGE_SIZE && last ? String(last.id) : null,
  };
}

/** `POST /v1/admin/coupons/`: a new coupon; its code is unique (409 with the reason on `code`). */
export async function createCoupon(
  db: Database,
  actor: Actor | null,
  input: CouponValues,
): Promise<AdminCoupon> {
  const operator = requirePermission(actor, 'admin:manage');
  const created = db.transaction(async (tx) => {
    if (await couponCodeTaken(tx, input.code, null)) {
      throw new HttpError(409, { code: [ADMIN_COUPONS_MESSAGES.codeTaken] });
    }
    const coupon = presentCoupon(await insertCoupon(tx, toWrite(input)));
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'coupon.created',
      subject: `coupon:${coupon.code}`,
      detail: { before: null, after: auditTerms(coupon) },
    });
    return coupon;
  });
  return created.catch(codeTakenOnRace);
}

/**
 * Two saves of one new code at the same moment both pass the check above; the unique index stops the second,
 * which must hear the same 409 as if it had come a moment later, not a 500.
 */
function codeTakenOnRace(error: unknown): never {
  if (sqlStateOf(error) === '23505') throw new HttpError(409, { code: [ADMIN_COUPONS_MESSAGES.codeTaken] });
  throw error;
}

/**
 * `PUT /v1/admin/coupons/:id/`: the coupon's terms replaced. Once used, its type and value stay (409): the
 * orders that used it were priced with them; it can still be ended (valid_until now) or its limits changed,
 * though the total limit never below the uses it already has.
 */
export async function editCoupon(
  db: Database,
  actor: Actor | null,
  id: number,
  input: CouponValues,
): Promise<AdminCoupon> {
  const operator = requirePermission(actor, 'admin:manage');
  const edited = db.transaction(async (tx) => {
    const current = await lockCoupon(tx, id);
    if (!current) throw notFound(ADMIN_COUPONS_MESSAGES.notFound);
    const before = presentCoupon(current);
    const write = toWrite(input);
    if (
      current.usesCount > 0 &&
      (write.type !== current.type || parseMoney(write.value) !== parseMoney(current.value))
    ) {
      throw new HttpError(409, { detail: ADMIN_COUPONS_MESSAGES.usedTermsLocked });
    }
    if (write.maxUsesTotal != null && write.maxUsesTotal < current.usesCount) {
      throw new HttpError(409, {
        max_uses_total: [ADMIN_COUPONS_MESSAGES.totalBelowUses(current.usesCount)],
      });
    }
    if (write.code !== current.code && (await couponCodeTaken(tx, write.code, id))) {
      throw new HttpError(409, { code: [ADMIN_COUPONS_MESSAGES.codeTaken] });
    }
    const after = presentCoupon(await updateCoupon(tx, id, write));
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'coupon.updated',
      subject: `coupon:${after.code}`,
      detail: { before: auditTerms(before), after: auditTerms(after) },
    });
    return after;
  });
  return edited.catch(codeTakenOnRace);
}
