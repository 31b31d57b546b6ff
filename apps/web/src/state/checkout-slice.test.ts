import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import {
  attemptFor,
  CHECKOUT_STORAGE_KEY,
  type CheckoutSlice,
  createCheckoutSlice,
  INITIAL_CHECKOUT_STATE,
  parseCheckoutState,
} from './checkout-slice.ts';
import { lastBeneficiaryOf, rememberLastBeneficiary } from './last-beneficiary.ts';

class MemoryStorage {
  readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

let session: MemoryStorage;
let local: MemoryStorage;

function makeStore(keys: string[] = ['key-1', 'key-2', 'key-3']) {
  const queue = [...keys];
  return create<CheckoutSlice>()((set, get) => createCheckoutSlice(set, get, () => queue.shift() ?? 'spare'));
}

beforeEach(() => {
  session = new MemoryStorage();
  local = new MemoryStorage();
  vi.stubGlobal('window', { sessionStorage: session, localStorage: local });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the checkout slice', () => {
  it('starts with the spec §3 defaults: delivery standard, couponDiscount 0, step 0', () => {
    const { checkout } = makeStore().getState();
    expect(checkout).toEqual(INITIAL_CHECKOUT_STATE);
    expect(checkout.delivery).toBe('standard');
    expect(checkout.couponDiscount).toBe(0);
    expect(checkout.step).toBe(0);
    expect(checkout.coupon).toBeNull();
    expect(checkout.cardId).toBeNull();
  });

  it('survives a reload through sessionStorage (never localStorage)', () => {
    const first = makeStore();
    first.getState().updateCheckout({ step: 2, delivery: 'pickup', coupon: 'HOLA10', beneficiaryId: 'b-1' });
    expect(local.values.size).toBe(0);
    expect(session.values.has(CHECKOUT_STORAGE_KEY)).toBe(true);

    const reloaded = makeStore().getState().checkout;
    expect(reloaded).toMatchObject({ step: 2, delivery: 'pickup', coupon: 'HOLA10', beneficiaryId: 'b-1' });
  });

  it('reset goes back to the defaults and forgets the stored copy', () => {
    const store = makeStore();
    store.getState().updateCheckout({ step: 3, couponDiscount: 250 });
    store.getState().resetCheckout();
    expect(store.getState().checkout).toEqual(INITIAL_CHECKOUT_STATE);
    expect(session.values.has(CHECKOUT_STORAGE_KEY)).toBe(false);
  });

  it('keeps one idempotency key for retries of the same attempt and makes a new one when the inputs change', () => {
    const store = makeStore();
    const first = store.getState().checkoutAttempt('cart-A');
    expect(first.key).toBe('key-1');
    // A double click, or a retry after a lost answer: the same key.
    expect(store.getState().checkoutAttempt('cart-A').key).toBe('key-1');
    // A reload in between keeps it too (the retry after a reload is the same attempt).
    expect(makeStore(['other']).getState().checkoutAttempt('cart-A').key).toBe('key-1');
    // The cart or the inputs changed: a new attempt.
    expect(store.getState().checkoutAttempt('cart-B').key).toBe('key-2');
  });

  it('a final answer ends the attempt: the same inputs then get a new key', () => {
    const store = makeStore();
    store.getState().checkoutAttempt('cart-A');
    store.getState().endCheckoutAttempt();
    expect(store.getState().checkout.attempt).toBeNull();
    expect(store.getState().checkoutAttempt('cart-A').key).toBe('key-2');
  });

  it('reads a damaged stored copy field by field, falling back to the defaults', () => {
    expect(parseCheckoutState('nonsense')).toEqual(INITIAL_CHECKOUT_STATE);
    expect(
      parseCheckoutState({
        step: 7,
        delivery: 'drone',
        couponDiscount: -5,
        paymentMethod: 'bitcoin',
        substitution: 'call',
        lineSubstitutions: { '12': 'refund', '13': 'maybe' },
        credit: 150,
        attempt: { key: 'k' },
      }),
    ).toEqual({
      ...INITIAL_CHECKOUT_STATE,
      substitution: 'call',
      lineSubstitutions: { '12': 'refund' },
      credit: 150,
    });
  });

  it('a storage that throws leaves the checkout in memory', () => {
    vi.stubGlobal('window', {
      get sessionStorage(): Storage {
        throw new Error('blocked');
      },
    });
    const store = makeStore();
    store.getState().updateCheckout({ step: 1 });
    expect(store.getState().checkout.step).toBe(1);
  });
});

describe('whose checkout it is', () => {
  it('a visitor’s choices become the user’s at the login; another account’s are dropped', () => {
    const store = makeStore();
    store.getState().updateCheckout({ step: 2, coupon: 'HOLA10', beneficiaryId: 'b-1' });
    store.getState().claimCheckout('user-a');
    expect(store.getState().checkout).toMatchObject({ owner: 'user-a', step: 2, coupon: 'HOLA10' });
    store.getState().claimCheckout('user-a');
    expect(store.getState().checkout.coupon).toBe('HOLA10');
    store.getState().claimCheckout('user-b');
    expect(store.getState().checkout).toEqual({ ...INITIAL_CHECKOUT_STATE, owner: 'user-b' });
  });
});

describe('attemptFor', () => {
  it('reuses the attempt only for the same fingerprint', () => {
    const attempt = { key: 'a', fingerprint: 'x' };
    expect(attemptFor(attempt, 'x', () => 'b')).toBe(attempt);
    expect(attemptFor(attempt, 'y', () => 'b')).toEqual({ key: 'b', fingerprint: 'y' });
    expect(attemptFor(null, 'x', () => 'c')).toEqual({ key: 'c', fingerprint: 'x' });
  });
});

describe('the last beneficiary', () => {
  it('is remembered per account in localStorage, for that account only', () => {
    expect(lastBeneficiaryOf('user-1')).toBeNull();
    rememberLastBeneficiary('user-1', 'benef-9');
    expect(lastBeneficiaryOf('user-1')).toBe('benef-9');
    expect(lastBeneficiaryOf('user-2')).toBeNull();
    local.setItem('mandado:last-beneficiary', 'not json');
    expect(lastBeneficiaryOf('user-1')).toBeNull();
  });
});
