/**
 * Stripe.js, loaded from Stripe's server only when the checkout's processor is Stripe (Stripe requires it be
 * loaded from js.stripe.com; it is never bundled, so no first load carries it). A minimal typing of the parts
 * we use: deferred Payment Element, createPaymentMethod, handleNextAction.
 */
export interface StripeElement {
  mount: (target: HTMLElement) => void;
  destroy: () => void;
}
export interface StripeElements {
  create: (type: 'payment', options?: Record<string, unknown>) => StripeElement;
  submit: () => Promise<{ error?: { message?: string } }>;
}
export interface StripeClient {
  elements: (options: Record<string, unknown>) => StripeElements;
  createPaymentMethod: (options: {
    elements: StripeElements;
  }) => Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
  handleNextAction: (options: { clientSecret: string }) => Promise<{ error?: { message?: string } }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeClient;
  }
}

let loading: Promise<StripeClient> | null = null;

export function loadStripe(publishableKey: string): Promise<StripeClient> {
  loading ??= new Promise<StripeClient>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3/';
    script.async = true;
    script.onload = () => {
      if (window.Stripe) resolve(window.Stripe(publishableKey));
      else reject(new Error('Stripe.js no se pudo cargar.'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Stripe.js no se pudo cargar.'));
    };
    document.head.append(script);
  });
  return loading;
}
