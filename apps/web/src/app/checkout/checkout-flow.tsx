import type { User } from '@mandado/shared/account.schemas';
import type { Beneficiary } from '@mandado/shared/beneficiary.schemas';
import {
  type CheckoutConflict,
  type OrderGroup,
  PAYMENT_METHOD_LABELS,
  type PlaceOrderInput,
  type PlaceOrderResult,
} from '@mandado/shared/checkout.schemas';
import type { Coupon } from '@mandado/shared/coupon.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { formatMinorAsDecimal, parseMoney } from '@mandado/shared/money';
import { moneyText, usdText } from '@mandado/shared/money-text';
import { DELIVERY_LABELS } from '@mandado/shared/order-pricing';
import { type SandboxCardProblem, tokenizeSandboxCard } from '@mandado/shared/sandbox-cards';
import { WEB_PATHS } from '@mandado/shared/web-routes';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { formatMinorIn } from '@mandado/web-kit/display-money.ts';
import { failureMessage } from '@mandado/web-kit/failure-text.ts';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { lazyWithReload } from '@mandado/web-kit/lazy-with-reload.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useToastStore } from '@mandado/web-kit/toast-store.ts';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type AuthStage, authStageTitle } from '../../features/accounts/auth-form.schemas.ts';
import { AuthForm } from '../../features/accounts/auth-form.tsx';
import { readReferrer } from '../../features/accounts/referrer.ts';
import { useUpdateRemitter } from '../../features/accounts/use-update-remitter.ts';
import { beneficiariesQueryOptions } from '../../features/beneficiaries/beneficiaries.api.ts';
import { BeneficiariesManager } from '../../features/beneficiaries/beneficiaries-manager.tsx';
import {
  applyCoupon,
  authenticateSandboxIntent,
  cardsQueryOptions,
  checkoutOptionsQueryOptions,
  confirmOrder,
  placeOrder,
} from '../../features/checkout/checkout.api.ts';
import {
  type CheckoutPricing,
  couponMinimumProblem,
  creditToUse,
  displayCheckout,
  placeOrderBody,
  placeOrderFingerprint,
  purchaseLines,
} from '../../features/checkout/checkout-pricing.ts';
import { CheckoutSteps } from '../../features/checkout/checkout-steps.tsx';
import { CheckoutSummary } from '../../features/checkout/checkout-summary.tsx';
import { ContactStep } from '../../features/checkout/contact-step.tsx';
import { DeliveryStep, pickupContactErrors } from '../../features/checkout/delivery-step.tsx';
import { PaymentStep } from '../../features/checkout/payment-step.tsx';
import { ReviewStep } from '../../features/checkout/review-step.tsx';
import { Sandbox3dsDialog } from '../../features/checkout/sandbox-3ds-dialog.tsx';
import { EMPTY_SANDBOX_CARD, type SandboxCardFields } from '../../features/checkout/sandbox-card-form.tsx';
import { useDisplayCurrency } from '../../hooks/use-display-currency.ts';
import { trackPurchase } from '../../lib/analytics.ts';
import { useAppStore } from '../../state/app-store.ts';
import { type CheckoutStep, lastBeneficiaryOf, rememberLastBeneficiary } from '../../state/checkout-slice.ts';
import { useCheckoutStore } from '../../state/checkout-store.ts';
import { renderAddressPicker } from '../address/render-address-picker.tsx';
import { useCheckoutPricing } from './use-checkout-pricing.ts';

// Stripe.js loads only when the server's processor is Stripe, never with the sandbox (nor in any first load).
const StripeCardSection = lazy(
  lazyWithReload(() =>
    import('./stripe-card-section.tsx').then((module) => ({ default: module.StripeCardSection })),
  ),
);

/** A new sandbox card's token, made in the browser when leaving 'Pago' (the number is never sent). */
interface NewCardToken {
  token: string;
  save: boolean;
  label: string;
}

function randomSuffix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => (byte % 36).toString(36)).join('');
}

/** The cart the server holds now: a refused write makes the cart machine take the server's cart (decision 010). */
function refreshCartFromServer(): void {
  // The machine's 'reconcile' load is what a refused cart write starts: the server's cart replaces the screen's.
  useAppStore.getState().cartDispatch({ type: 'server-write-failed', effect: { type: 'load' }, status: 409 });
}

/** Spec §8: 'Algo salió mal' with the server's text, or the connection text when nothing answered. */
function notifyFailure(error: unknown): void {
  const message = failureMessage(error);
  useAppStore
    .getState()
    .notify({ kind: 'error', title: MESSAGES.serverError, ...(message ? { message } : {}) });
}

function isConflict(body: unknown): body is CheckoutConflict {
  return typeof body === 'object' && body !== null && Array.isArray((body as { changes?: unknown }).changes);
}

/** Step 0 for a visitor: the e-mail-first login/register panel; the cart they have is kept (§4 Sync). */
function VisitorStep() {
  const [stage, setStage] = useState<AuthStage>('email');
  const [referralToken] = useState(readReferrer);
  return (
    <section className="checkout-panel" aria-labelledby="checkout-auth-title">
      <h2 id="checkout-auth-title" className="checkout-panel__title">
        {authStageTitle(stage)}
      </h2>
      <p className="checkout-panel__lead">
        Inicia sesión o crea tu cuenta para continuar; tu carrito se mantiene.
      </p>
      <AuthForm stage={stage} onStageChange={setStage} referralToken={referralToken} />
    </section>
  );
}

interface CheckoutFlowProps {
  user: User | null;
  onPlaced: (order: OrderGroup) => void;
}

/** Spec §2 Checkout: the four steps for a remitter, the login/register panel for a visitor. */
export function CheckoutFlow({ user, onPlaced }: CheckoutFlowProps) {
  const step = useCheckoutStore((state) => state.checkout.step);
  const updateCheckout = useCheckoutStore((state) => state.updateCheckout);
  // A success toast (the login's "¡Hola, …!") has said its piece once the shopper moves on; left up, it
  // covered the step indicator on the next step.
  const lastStep = useRef(step);
  useEffect(() => {
    if (lastStep.current === step) return;
    lastStep.current = step;
    const toasts = useToastStore.getState();
    for (const item of toasts.notifications) if (item.kind === 'success') toasts.dismissNotification(item.id);
  }, [step]);
  return (
    <div className="container page-section checkout">
      <div className="page-heading">
        <h1 className="page-heading__title">Finalizar compra</h1>
        {/* The slim header's logo goes to the stores; this is the way back to change the cart. */}
        <Link className="checkout__back" to={WEB_PATHS.cart}>
          Volver al carrito
        </Link>
      </div>
      <CheckoutSteps
        step={user ? step : 0}
        onSelect={(target: CheckoutStep) => updateCheckout({ step: target })}
      />
      {user ? <RemitterCheckout user={user} onPlaced={onPlaced} /> : <VisitorStep />}
    </div>
  );
}

function RemitterCheckout({ user, onPlaced }: { user: User; onPlaced: (order: OrderGroup) => void }) {
  const queryClient = useQueryClient();
  const display = useDisplayCurrency();
  const checkout = useCheckoutStore((state) => state.checkout);
  const items = useAppStore((state) => state.cart.items);
  const city = useAppStore((state) => state.city);
  const appCountry = useAppStore((state) => state.countryCode) ?? 'UY';
  const updateCheckout = useCheckoutStore((state) => state.updateCheckout);
  const options = useQuery(checkoutOptionsQueryOptions(user.user_account_id));
  // Where the remitter lives, from their account phone (the server applies the same rule when placing).
  const country = options.data?.shopper_country ?? appCountry;
  const cards = useQuery(cardsQueryOptions(true));
  const beneficiaries = useQuery(beneficiariesQueryOptions(city?.id ?? null, city !== null));
  const couponQuery = useQuery({
    queryKey: ['coupon', checkout.coupon],
    queryFn: () => applyCoupon(checkout.coupon ?? ''),
    enabled: checkout.coupon !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const coupon: Coupon | null = checkout.coupon !== null ? (couponQuery.data ?? null) : null;
  const pricing = useCheckoutPricing(coupon);
  const remitter = useUpdateRemitter();
  const chatConfigured = useQuery({
    ...whoamiQueryOptions(),
    select: (body) => body.settings.widgets.chat_website_id !== null,
  }).data;

  const [newCard, setNewCard] = useState<SandboxCardFields>(EMPTY_SANDBOX_CARD);
  const [cardProblem, setCardProblem] = useState<SandboxCardProblem | null>(null);
  const [cardToken, setCardToken] = useState<NewCardToken | null>(null);
  const [stripeToken, setStripeToken] = useState<string | null>(null);
  const [creditTyped, setCreditTyped] = useState(() =>
    checkout.credit > 0 ? formatMinorAsDecimal(checkout.credit) : '',
  );
  const [declined, setDeclined] = useState<string | null>(null);
  const [conflict, setConflict] = useState<CheckoutConflict | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [threeDs, setThreeDs] = useState<{ intentId: string; order: OrderGroup } | null>(null);
  const [deciding, setDeciding] = useState(false);
  // The dialog's close (Escape) and a button can both fire for one decision; only the first one counts.
  const decided = useRef(false);

  // Choices another account left in this tab (its coupon, its beneficiary) are not this user's.
  const claimCheckout = useCheckoutStore((state) => state.claimCheckout);
  useEffect(() => claimCheckout(user.user_account_id), [claimCheckout, user.user_account_id]);

  const selected: Beneficiary | null =
    beneficiaries.data?.find((entry) => entry.beneficiary_id === checkout.beneficiaryId) ?? null;

  // A returning shopper starts with the beneficiary of their last order (once: clearing it is respected).
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !beneficiaries.data) return;
    preselected.current = true;
    if (checkout.beneficiaryId !== null) return;
    const last = lastBeneficiaryOf(user.user_account_id);
    if (last && beneficiaries.data.some((entry) => entry.beneficiary_id === last))
      updateCheckout({ beneficiaryId: last });
  }, [beneficiaries.data, checkout.beneficiaryId, user.user_account_id, updateCheckout]);

  // A stored coupon the server no longer accepts (used meanwhile, expired) is dropped, not silently priced.
  useEffect(() => {
    if (couponQuery.isError) updateCheckout({ coupon: null, couponDiscount: 0 });
  }, [couponQuery.isError, updateCheckout]);

  // Spec §3 couponDiscount: the discount as priced.
  const discount = pricing?.totals.discount ?? 0;
  useEffect(() => {
    if (checkout.couponDiscount !== discount) updateCheckout({ couponDiscount: discount });
  }, [discount, checkout.couponDiscount, updateCheckout]);

  // The steps after 'Envío' need someone to deliver to (or, for a pick-up, who collects it); after a reload
  // a new card must be typed again.
  const pickup = checkout.delivery === 'pickup';
  const pickupContact = { name: checkout.pickupName, phone: checkout.pickupPhone };
  const pickupReady = pickup && Object.keys(pickupContactErrors(pickupContact)).length === 0;
  useEffect(() => {
    if (checkout.step < 2) return;
    if (pickup ? !pickupReady : beneficiaries.isSuccess && !selected) updateCheckout({ step: 1 });
  }, [checkout.step, pickup, pickupReady, beneficiaries.isSuccess, selected, updateCheckout]);
  const needsCardAgain =
    checkout.paymentMethod === 'card' && checkout.cardId === null && !cardToken && !stripeToken;
  useEffect(() => {
    if (checkout.step === 3 && needsCardAgain) updateCheckout({ step: 2 });
  }, [checkout.step, needsCardAgain, updateCheckout]);

  const goTo = (target: CheckoutStep) => updateCheckout({ step: target });
  // The cart changed under an applied coupon (or it was applied before its minimum was checked): say so
  // instead of 'aplicado' beside a total that did not move.
  const couponProblem = coupon && pricing ? couponMinimumProblem(coupon, pricing.totals.subtotal) : null;
  // The total in the display currency as 'Revisar Pedido' adds it up (the sum of the parts it shows).
  const shownTotal = (() => {
    if (!pricing) return null;
    const shown = displayCheckout(pricing, display);
    return moneyText(shown.total, shown.currency);
  })();
  // The invitation's welcome credit as 'Revisar Pedido' shows it (decision 026).
  const shownWelcome = (() => {
    if (!pricing || pricing.welcomeCredit === 0) return null;
    const shown = displayCheckout(pricing, display);
    return moneyText(shown.welcomeCredit, shown.currency);
  })();

  // A new step (or a decline, a failed 3-D Secure, the 409 list) would otherwise open at the old scroll
  // position with focus left on <body>: on a phone the alert was off-screen. Show the step from its top and
  // move focus to its alert when there is one, else to its heading, so screen readers announce where they are.
  const mainRef = useRef<HTMLDivElement>(null);
  const stepReady = checkout.step <= 1 || Boolean(options.data && pricing);
  // The 3-D Secure dialog gives the focus back to where it was when it closes, so its closing counts too.
  const dialogOpen = threeDs !== null;
  const shownKey = `${checkout.step}|${stepReady}|${declined ?? ''}|${conflict ? conflict.detail : ''}|${dialogOpen}`;
  const lastShownKey = useRef<string | null>(null);
  useEffect(() => {
    const first = lastShownKey.current === null;
    lastShownKey.current = shownKey;
    const main = mainRef.current;
    if (first || !main || dialogOpen) return;
    const target =
      main.querySelector<HTMLElement>('.form__alert[role="alert"]') ?? main.querySelector<HTMLElement>('h2');
    if (!target) return;
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
    const checkoutTop = main.closest('.checkout') ?? main;
    if (target.matches('h2')) checkoutTop.scrollIntoView({ block: 'start' });
    else target.scrollIntoView({ block: 'center' });
  }, [shownKey, dialogOpen]);
  const usd = (minor: number) => formatMinorIn(minor, 'USD', display);

  function finish(order: OrderGroup) {
    const state = useAppStore.getState();
    if (checkout.beneficiaryId) rememberLastBeneficiary(user.user_account_id, checkout.beneficiaryId);
    useCheckoutStore.getState().endCheckoutAttempt();
    trackPurchase(order.number, parseMoney(order.total) / 100, purchaseLines(order));
    queryClient.setQueryData(['orders', order.number], order);
    // The server emptied the cart when the order was placed; the screen follows (idempotent on the server).
    onPlaced(order);
    state.cartDispatch({ type: 'empty' });
    useCheckoutStore.getState().resetCheckout();
    void queryClient.invalidateQueries({ queryKey: ['whoami'] });
    void queryClient.invalidateQueries({ queryKey: ['cards'] });
  }

  function declinedWith(detail: string) {
    useCheckoutStore.getState().endCheckoutAttempt();
    setDeclined(detail);
    setCardToken(null);
    goTo(2);
  }

  async function handleResult(result: PlaceOrderResult) {
    const { payment, order } = result;
    if (payment.status === 'succeeded' || payment.status === 'pending') {
      finish(order);
      return;
    }
    const action = payment.action;
    if (action.type === 'sandbox_3ds') {
      decided.current = false;
      setThreeDs({ intentId: action.intent_id, order });
    } else if (action.type === 'paypal') {
      // PayPal sends the shopper back to the confirmation page with ?paypal=approved, which confirms there.
      window.location.assign(action.approve_url);
    } else {
      const { handleStripeNextAction } = await import('./stripe-next-action.ts');
      const outcome = await handleStripeNextAction(
        options.data?.stripe_publishable_key ?? '',
        action.client_secret,
      );
      if (outcome.error) {
        declinedWith(outcome.error);
        return;
      }
      await confirmAndFinish(order.number);
    }
  }

  async function confirmAndFinish(number: string) {
    try {
      const result = await confirmOrder(number);
      await handleResult(result);
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) declinedWith(error.message);
      else notifyFailure(error);
    }
  }

  async function decide3ds(outcome: 'approve' | 'fail') {
    if (!threeDs || decided.current) return;
    decided.current = true;
    setDeciding(true);
    try {
      await authenticateSandboxIntent(threeDs.intentId, outcome);
      await confirmAndFinish(threeDs.order.number);
    } catch (error) {
      notifyFailure(error);
    } finally {
      setDeciding(false);
      setThreeDs(null);
    }
  }

  function paymentInput(): PlaceOrderInput['payment'] | null {
    switch (checkout.paymentMethod) {
      case 'card':
        if (checkout.cardId)
          return { method: 'card', card_id: checkout.cardId, token: null, save_card: false };
        if (stripeToken)
          return { method: 'card', card_id: null, token: stripeToken, save_card: newCard.save };
        if (cardToken)
          return { method: 'card', card_id: null, token: cardToken.token, save_card: cardToken.save };
        return null;
      case 'bank_transfer':
        return { method: 'bank_transfer' };
      case 'cash_deposit':
        return { method: 'cash_deposit' };
      case 'paypal':
        return { method: 'paypal' };
    }
  }

  async function place(currentPricing: CheckoutPricing) {
    if (placing || (pickup ? !pickupReady : !checkout.beneficiaryId)) return;
    const payment = paymentInput();
    if (!payment) {
      goTo(2);
      return;
    }
    const body = placeOrderBody({
      items,
      beneficiaryId: checkout.beneficiaryId,
      pickupContact: pickup ? pickupContact : null,
      delivery: checkout.delivery,
      substitution: checkout.substitution,
      lineSubstitutions: checkout.lineSubstitutions,
      coupon: checkout.coupon,
      pricing: currentPricing,
      payment,
      country,
      displayCurrency: display.code,
    });
    // The same body keeps its key: a double click or a retry after a lost answer replays, never buys twice.
    const attempt = useCheckoutStore.getState().checkoutAttempt(placeOrderFingerprint(body));
    setPlacing(true);
    setConflict(null);
    setRefusal(null);
    setDeclined(null);
    try {
      await handleResult(await placeOrder(body, attempt.key));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 402) {
        declinedWith(error.message);
      } else if (error.status === 409 && isConflict(error.body)) {
        useCheckoutStore.getState().endCheckoutAttempt();
        setConflict(error.body);
        refreshCartFromServer();
      } else if (error.status >= 400 && error.status < 500 && error.status !== 409) {
        // A 400 or 422 ends the attempt. Any refusal says the server's Spanish reason on the step (a field
        // error such as {coupon: [...]} included), never only the generic 'Oops' toast.
        if (error.status === 400 || error.status === 422) useCheckoutStore.getState().endCheckoutAttempt();
        const reason = failureText(error);
        if (reason) setRefusal(reason);
        else notifyFailure(error);
      } else {
        // 409 "in progress" and lost answers keep the key (the retry is the same attempt).
        notifyFailure(error);
      }
    } finally {
      setPlacing(false);
    }
  }

  function leavePayment() {
    setDeclined(null);
    if (
      checkout.paymentMethod === 'card' &&
      checkout.cardId === null &&
      options.data?.processor !== 'stripe'
    ) {
      const result = tokenizeSandboxCard(newCard, new Date(), randomSuffix);
      if ('problem' in result) {
        setCardProblem(result.problem);
        return;
      }
      setCardProblem(null);
      setCardToken({
        token: result.token.token,
        save: newCard.save,
        label: `•••• ${result.token.last4}`,
      });
    }
    goTo(3);
  }

  const paymentLabel = (() => {
    if (checkout.paymentMethod !== 'card') return PAYMENT_METHOD_LABELS[checkout.paymentMethod];
    const saved = cards.data?.find((card) => card.id === checkout.cardId);
    if (saved) return `Tarjeta •••• ${saved.last4}`;
    return `Tarjeta ${cardToken?.label ?? ''}`.trim();
  })();

  let content: ReactNode;
  if (checkout.step === 0) {
    content = (
      <ContactStep
        user={user}
        save={remitter.mutateAsync}
        pending={remitter.isPending}
        onDone={() => goTo(1)}
      />
    );
  } else if (checkout.step === 1) {
    content = city ? (
      <DeliveryStep
        beneficiaries={
          <BeneficiariesManager
            city={city}
            renderAddressPicker={renderAddressPicker}
            selectedId={checkout.beneficiaryId}
            onSelectedChange={(beneficiary) =>
              updateCheckout({ beneficiaryId: beneficiary?.beneficiary_id ?? null })
            }
            onCreated={(beneficiary) =>
              updateCheckout({ beneficiaryId: beneficiary.beneficiary_id, step: 2 })
            }
          />
        }
        selected={selected}
        delivery={checkout.delivery}
        substitution={checkout.substitution}
        window={options.data?.delivery_window ?? null}
        pickupContact={pickupContact}
        onChange={(change) => updateCheckout(change)}
        onContinue={() => goTo(2)}
      />
    ) : null;
  } else if (!options.data || !pricing) {
    content = (
      <div className="page-loading">
        <Spinner label="Cargando" />
      </div>
    );
  } else if (checkout.step === 2) {
    content = (
      <PaymentStep
        options={options.data}
        country={country}
        cards={cards.data ?? []}
        method={checkout.paymentMethod}
        cardId={checkout.cardId}
        onMethodChange={(change) => updateCheckout(change)}
        newCard={newCard}
        onNewCardChange={setNewCard}
        cardProblem={cardProblem}
        stripeSlot={
          options.data.processor === 'stripe' && options.data.stripe_publishable_key ? (
            <Suspense fallback={<Spinner label="Cargando el formulario de pago" />}>
              <StripeCardSection
                publishableKey={options.data.stripe_publishable_key}
                amount={pricing.totals.total}
                onToken={setStripeToken}
              />
            </Suspense>
          ) : null
        }
        appliedCoupon={checkout.coupon}
        couponProblem={couponProblem}
        chatConfigured={chatConfigured ?? false}
        applyCoupon={async (code) => {
          const terms = await applyCoupon(code, formatMinorAsDecimal(pricing.totals.subtotal));
          queryClient.setQueryData(['coupon', terms.code], terms);
          updateCheckout({ coupon: terms.code });
        }}
        removeCoupon={() => updateCheckout({ coupon: null, couponDiscount: 0 })}
        creditBalanceText={parseMoney(user.credit) > 0 ? usd(parseMoney(user.credit)) : null}
        creditTyped={creditTyped}
        onCreditChange={(typed) => {
          setCreditTyped(typed);
          updateCheckout({ credit: creditToUse(typed, user.credit) });
        }}
        totalText={shownTotal ?? ''}
        welcomeCreditText={shownWelcome}
        welcomeShortfall={pricing.welcomeShortfall}
        chargeText={usdText(pricing.totals.total)}
        declined={declined}
        onContinue={leavePayment}
      />
    );
  } else {
    content = (
      <ReviewStep
        pricing={pricing}
        display={display}
        substitution={checkout.substitution}
        lineSubstitutions={checkout.lineSubstitutions}
        onLineSubstitution={(productId, value) =>
          updateCheckout({ lineSubstitutions: { ...checkout.lineSubstitutions, [String(productId)]: value } })
        }
        summary={[
          pickup
            ? {
                term: 'Retira',
                value: `${checkout.pickupName.trim()}, ${checkout.pickupPhone}`,
                onEdit: () => goTo(1),
              }
            : {
                term: 'Recibe',
                value: selected
                  ? `${selected.first_name} ${selected.last_name}, ${selected.address_line1}`
                  : '—',
                onEdit: () => goTo(1),
              },
          { term: 'Entrega', value: DELIVERY_LABELS[checkout.delivery], onEdit: () => goTo(1) },
          { term: 'Pago', value: paymentLabel, onEdit: () => goTo(2) },
        ]}
        conflict={conflict}
        refusal={refusal}
        placing={placing}
        onPlace={() => void place(pricing)}
      />
    );
  }

  return (
    <div className="checkout__layout">
      <div className="checkout__main" ref={mainRef}>
        {content}
      </div>
      {/* From the first step on (issue 16): the lines, each store's shipping and the total. */}
      {pricing ? (
        <aside className="checkout-total-bar" aria-label="Total a pagar">
          <CheckoutSummary pricing={pricing} display={display} />
          <span className="checkout-total-bar__label">Total</span>
          <span className="checkout-total-bar__amount">{shownTotal}</span>
          <span className="checkout-total-bar__charge">{usdText(pricing.totals.total)}</span>
        </aside>
      ) : null}
      {threeDs ? (
        <Sandbox3dsDialog
          amountText={usdText(parseMoney(threeDs.order.total))}
          pending={deciding}
          onDecide={(outcome) => void decide3ds(outcome)}
        />
      ) : null}
    </div>
  );
}
