import type { PaymentMethod, Substitution } from '@mandado/shared/checkout.schemas';
import type { DeliveryType } from '@mandado/shared/order-pricing';

/** Spec §2: 'Contacto', 'Envío', 'Pago', 'Revisar Pedido' are steps 0 to 3. */
export type CheckoutStep = 0 | 1 | 2 | 3;

/** The attempt's `Idempotency-Key` and what it was made for (a fingerprint of the cart and the inputs). */
export interface CheckoutAttempt {
  key: string;
  fingerprint: string;
}

/**
 * Spec §3 Checkout state (delivery default 'standard', coupon, couponDiscount default 0, the selected card,
 * step 0–3), plus what issue 10 adds: who receives, the substitution preference with per-line overrides, the
 * payment method, the credit to use and the current attempt's idempotency key.
 */
export interface CheckoutState {
  step: CheckoutStep;
  delivery: DeliveryType;
  /** The applied coupon's code (null: none). */
  coupon: string | null;
  /** The applied coupon's discount as the server priced it, USD minor units (spec default 0). */
  couponDiscount: number;
  /** The selected saved card's id (null: none or a new card). */
  cardId: string | null;
  paymentMethod: PaymentMethod;
  beneficiaryId: string | null;
  /** Pick-up (issue 16): who collects the order, as typed (the phone in its mask). */
  pickupName: string;
  pickupPhone: string;
  substitution: Substitution;
  /** Per product id, when it differs from the order's preference. */
  lineSubstitutions: Record<string, Substitution>;
  /** The credit the shopper asked to use, USD minor units (capped at the balance and the total when placed). */
  credit: number;
  /** Decision 065: the delivery window chosen per store id (its start, ISO); a store left out gets the earliest. */
  deliverySlots: Record<string, string>;
  /** An occasion's day (YYYY-MM-DD, up to 14 days ahead) whose windows are listed; null: the earliest ones. */
  occasionDay: string | null;
  /** Words for the family, shown on the tracking page. */
  giftMessage: string;
  attempt: CheckoutAttempt | null;
  /** The account these choices belong to (null: not claimed yet, e.g. a visitor at step 0). */
  owner: string | null;
}

export const INITIAL_CHECKOUT_STATE: CheckoutState = {
  step: 0,
  delivery: 'standard',
  coupon: null,
  couponDiscount: 0,
  cardId: null,
  paymentMethod: 'card',
  beneficiaryId: null,
  pickupName: '',
  pickupPhone: '',
  substitution: 'similar',
  lineSubstitutions: {},
  credit: 0,
  deliverySlots: {},
  occasionDay: null,
  giftMessage: '',
  attempt: null,
  owner: null,
};

/**
 * Kept in sessionStorage, not localStorage: a reload (or coming back from PayPal or 3-D Secure) finds the
 * checkout where it was, but the coupon, the beneficiary and the attempt key belong to this tab's visit and
 * this account — a new tab, another day or another person on a shared computer starts afresh.
 */
export const CHECKOUT_STORAGE_KEY = 'mandado:checkout';

const STEPS: readonly number[] = [0, 1, 2, 3];
const DELIVERIES: readonly string[] = ['standard', 'pickup'];
const METHODS: readonly string[] = ['card', 'bank_transfer', 'cash_deposit', 'paypal'];
const SUBSTITUTIONS: readonly string[] = ['similar', 'call', 'refund'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSubstitution(value: unknown): value is Substitution {
  return typeof value === 'string' && SUBSTITUTIONS.includes(value);
}

function isWholeAtLeastZero(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Reads a stored checkout back; anything malformed falls back to the defaults field by field. */
export function parseCheckoutState(value: unknown): CheckoutState {
  if (!isRecord(value)) return INITIAL_CHECKOUT_STATE;
  const state = { ...INITIAL_CHECKOUT_STATE };
  if (typeof value.step === 'number' && STEPS.includes(value.step)) state.step = value.step as CheckoutStep;
  if (typeof value.delivery === 'string' && DELIVERIES.includes(value.delivery)) {
    state.delivery = value.delivery as DeliveryType;
  }
  if (typeof value.coupon === 'string' && value.coupon.length <= 40) state.coupon = value.coupon;
  if (isWholeAtLeastZero(value.couponDiscount)) state.couponDiscount = value.couponDiscount;
  if (typeof value.cardId === 'string') state.cardId = value.cardId;
  if (typeof value.paymentMethod === 'string' && METHODS.includes(value.paymentMethod)) {
    state.paymentMethod = value.paymentMethod as PaymentMethod;
  }
  if (typeof value.beneficiaryId === 'string') state.beneficiaryId = value.beneficiaryId;
  if (typeof value.pickupName === 'string' && value.pickupName.length <= 120)
    state.pickupName = value.pickupName;
  if (typeof value.pickupPhone === 'string' && value.pickupPhone.length <= 20)
    state.pickupPhone = value.pickupPhone;
  if (isSubstitution(value.substitution)) state.substitution = value.substitution;
  if (isRecord(value.lineSubstitutions)) {
    state.lineSubstitutions = Object.fromEntries(
      Object.entries(value.lineSubstitutions).filter((entry): entry is [string, Substitution] =>
        isSubstitution(entry[1]),
      ),
    );
  }
  if (isWholeAtLeastZero(value.credit)) state.credit = value.credit;
  if (isRecord(value.deliverySlots)) {
    state.deliverySlots = Object.fromEntries(
      Object.entries(value.deliverySlots).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length <= 40,
      ),
    );
  }
  if (typeof value.occasionDay === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.occasionDay))
    state.occasionDay = value.occasionDay;
  if (typeof value.giftMessage === 'string' && value.giftMessage.length <= 300)
    state.giftMessage = value.giftMessage;
  const attempt = value.attempt;
  if (isRecord(attempt) && typeof attempt.key === 'string' && typeof attempt.fingerprint === 'string') {
    state.attempt = { key: attempt.key, fingerprint: attempt.fingerprint };
  }
  if (typeof value.owner === 'string') state.owner = value.owner;
  return state;
}

/**
 * The checkout as `userId` may continue it: a visitor's choices (owner null) become theirs at the login; choices
 * another account left in this tab (its coupon, its beneficiary) are dropped.
 */
export function checkoutForUser(state: CheckoutState, userId: string): CheckoutState {
  if (state.owner === userId) return state;
  if (state.owner === null) return { ...state, owner: userId };
  return { ...INITIAL_CHECKOUT_STATE, owner: userId };
}

function readStoredCheckout(): CheckoutState {
  try {
    const raw = window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY);
    return raw === null ? INITIAL_CHECKOUT_STATE : parseCheckoutState(JSON.parse(raw));
  } catch {
    return INITIAL_CHECKOUT_STATE;
  }
}

function storeCheckout(state: CheckoutState): void {
  try {
    if (state === INITIAL_CHECKOUT_STATE) window.sessionStorage.removeItem(CHECKOUT_STORAGE_KEY);
    else window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Forgetting the checkout on reload is a nuisance, never a failure.
  }
}

/**
 * The idempotency key for placing with `fingerprint`: the attempt's key while the cart and the inputs are
 * the same (a double click, a network retry or a reload retry must not buy twice), a new one once they
 * changed (the server answers 422 to a key reused with another cart).
 */
export function attemptFor(
  current: CheckoutAttempt | null,
  fingerprint: string,
  newKey: () => string,
): CheckoutAttempt {
  return current && current.fingerprint === fingerprint ? current : { key: newKey(), fingerprint };
}

/** The checkout part of the app store. */
export interface CheckoutSlice {
  checkout: CheckoutState;
  updateCheckout: (change: Partial<Omit<CheckoutState, 'attempt' | 'owner'>>) => void;
  /** A logged-in user opens checkout: see `checkoutForUser`. */
  claimCheckout: (userId: string) => void;
  /** The key to send for this placement (see `attemptFor`), remembered for retries. */
  checkoutAttempt: (fingerprint: string) => CheckoutAttempt;
  /**
   * The server gave a final answer to the attempt (placed, declined, changed cart, key refused): the next
   * 'Realizar pedido' is a new attempt even with the same inputs. Lost calls keep the key.
   */
  endCheckoutAttempt: () => void;
  /** After an order was placed (or the session ended): back to the defaults. */
  resetCheckout: () => void;
}

type SetCheckout = (partial: Partial<CheckoutSlice>) => void;
type GetCheckout = () => CheckoutSlice;

export function createCheckoutSlice(
  set: SetCheckout,
  get: GetCheckout,
  newKey: () => string = () => crypto.randomUUID(),
): CheckoutSlice {
  const write = (checkout: CheckoutState) => {
    storeCheckout(checkout);
    set({ checkout });
  };
  return {
    checkout: readStoredCheckout(),
    updateCheckout: (change) => write({ ...get().checkout, ...change }),
    claimCheckout: (userId) => {
      const current = get().checkout;
      const next = checkoutForUser(current, userId);
      if (next !== current) write(next);
    },
    checkoutAttempt: (fingerprint) => {
      const current = get().checkout;
      const attempt = attemptFor(current.attempt, fingerprint, newKey);
      if (attempt !== current.attempt) write({ ...current, attempt });
      return attempt;
    },
    endCheckoutAttempt: () => {
      const current = get().checkout;
      if (current.attempt !== null) write({ ...current, attempt: null });
    },
    resetCheckout: () => write(INITIAL_CHECKOUT_STATE),
  };
}
