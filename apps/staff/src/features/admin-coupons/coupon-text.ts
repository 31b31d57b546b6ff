import type { AdminCoupon, CouponInput } from '@mandado/shared/admin-coupons.schemas';
import { dateTimeText } from '@mandado/shared/date-text';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';

/** '10 % de descuento' or 'US$ 5 de descuento' (the shared money text, as the shop writes it). */
export function couponValueText(coupon: Pick<AdminCoupon, 'type' | 'value'>): string {
  return coupon.type === 'discount_percentage'
    ? `${Number(coupon.value)} % de descuento`
    : `${usdText(parseMoney(coupon.value), { whole: 'short' })} de descuento`;
}

/** 'US$ 30' or 'Sin mínimo' for a coupon's minimum purchase. */
export function minimumPurchaseText(minimum: string): string {
  const minor = parseMoney(minimum);
  return minor === 0 ? 'Sin mínimo' : usdText(minor, { whole: 'short' });
}

/** Whether the coupon works now, will, or no longer does. */
export function couponStateText(
  coupon: Pick<AdminCoupon, 'valid_from' | 'valid_until' | 'max_uses_total' | 'uses_count'>,
  now: Date,
): {
  label: string;
  state: 'active' | 'scheduled' | 'ended';
} {
  if (coupon.valid_until && Date.parse(coupon.valid_until) <= now.getTime())
    return { label: 'Terminado', state: 'ended' };
  if (coupon.max_uses_total !== null && coupon.uses_count >= coupon.max_uses_total) {
    return { label: 'Agotado', state: 'ended' };
  }
  if (coupon.valid_from && Date.parse(coupon.valid_from) > now.getTime()) {
    return { label: `Empieza el ${dateTimeText(coupon.valid_from)}`, state: 'scheduled' };
  }
  return { label: 'Activo', state: 'active' };
}

export function usesText(
  coupon: Pick<AdminCoupon, 'uses_count' | 'max_uses_total' | 'max_uses_per_user'>,
): string {
  const total = coupon.max_uses_total === null ? 'sin límite total' : `de ${coupon.max_uses_total}`;
  const perUser =
    coupon.max_uses_per_user === null ? 'sin límite por persona' : `${coupon.max_uses_per_user} por persona`;
  return `${coupon.uses_count} ${coupon.uses_count === 1 ? 'uso' : 'usos'} ${total} · ${perUser}`;
}

/** The form's text values (what the inputs hold). */
export interface CouponDraft {
  code: string;
  type: 'discount_amount' | 'discount_percentage';
  value: string;
  minimum_purchase: string;
  valid_from: string;
  valid_until: string;
  max_uses_total: string;
  max_uses_per_user: string;
}

function pad(part: number): string {
  return String(part).padStart(2, '0');
}

/** ISO → <input type="datetime-local"> in the browser's zone ('' for none). */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function draftFrom(coupon: AdminCoupon | null): CouponDraft {
  if (!coupon) {
    return {
      code: '',
      type: 'discount_percentage',
      value: '',
      minimum_purchase: '0',
      valid_from: '',
      valid_until: '',
      max_uses_total: '',
      max_uses_per_user: '1',
    };
  }
  return {
    code: coupon.code,
    type: coupon.type,
    value: coupon.type === 'discount_percentage' ? String(Number(coupon.value)) : coupon.value,
    minimum_purchase: coupon.minimum_purchase,
    valid_from: isoToLocalInput(coupon.valid_from),
    valid_until: isoToLocalInput(coupon.valid_until),
    max_uses_total: coupon.max_uses_total === null ? '' : String(coupon.max_uses_total),
    max_uses_per_user: coupon.max_uses_per_user === null ? '' : String(coupon.max_uses_per_user),
  };
}

function limit(text: string): number | null {
  const trimmed = text.trim();
  // A non-number goes to the server as NaN → null would hide the mistake; -1 is refused with the reason.
  return trimmed === '' ? null : /^\d+$/.test(trimmed) ? Number(trimmed) : -1;
}

function localToIso(text: string): string | null {
  if (text === '') return null;
  const time = new Date(text).getTime();
  return Number.isNaN(time) ? text : new Date(time).toISOString();
}

/** The body the API takes, from the form's text. */
export function inputFrom(draft: CouponDraft): CouponInput {
  return {
    code: draft.code,
    type: draft.type,
    value: draft.value,
    minimum_purchase: draft.minimum_purchase.trim() === '' ? '0' : draft.minimum_purchase,
    valid_from: localToIso(draft.valid_from),
    valid_until: localToIso(draft.valid_until),
    max_uses_total: limit(draft.max_uses_total),
    max_uses_per_user: limit(draft.max_uses_per_user),
  };
}
