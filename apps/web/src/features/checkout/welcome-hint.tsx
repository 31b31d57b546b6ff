import { usdText } from '@mandado/shared/money-text';

/**
 * Below the first-purchase minimum, how much more in goods brings the invitation's welcome credit (issue 11),
 * on 'Pago' and 'Revisar Pedido'. `shortfall` is in USD minor units; nothing shows at 0.
 */
export function WelcomeHint({ shortfall }: { shortfall: number }) {
  if (shortfall <= 0) return null;
  return (
    <p className="checkout-welcome-hint">
      Te faltan <strong>{usdText(shortfall)}</strong> en productos para recibir tu regalo por invitación.
    </p>
  );
}
