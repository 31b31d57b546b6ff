import { CHECKOUT_MESSAGES } from '@mandado/shared/checkout.schemas';
import type { PaymentInstructions } from '@mandado/shared/help.schemas';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CARDS_ONLY } from './faq.data.ts';
import { offeredPaymentsQueryOptions, paymentInstructionsQueryOptions } from './help.api.ts';
import { ORDER_PARAM } from './help-slugs.ts';
import { SupportContactBlock } from './support-contact-block.tsx';

/** What a shared link may quote as the order number: the numbers the orders module writes (MV-10234). */
const ORDER_NUMBER = /^MV-\d{1,12}$/;

const countryNames = new Intl.DisplayNames(['es'], { type: 'region' });
// "Colombia, Chile y Perú", not a bare comma list.
const countryList = new Intl.ListFormat('es', { type: 'conjunction' });

function countryName(code: string): string {
  return countryNames.of(code.toUpperCase()) ?? code;
}

/**
 * Spec §1 payment methods and §2 Help overlay instructions: the methods, then the bank-deposit blocks for the
 * manual countries (one company USD account), or the §8 text for a shopper from elsewhere.
 */
export function PaymentInstructionsView() {
  const [params] = useSearchParams();
  const quoted = params.get(ORDER_PARAM)?.trim().toUpperCase() ?? '';
  const orderNumber = ORDER_NUMBER.test(quoted) ? quoted : null;
  // PayPal, Apple Pay and wallets are named only when this server offers them (issue 16).
  const offered = useQuery(offeredPaymentsQueryOptions()).data ?? CARDS_ONLY;
  return (
    <div className="help-view">
      <h3 className="help-view__title">Instrucciones de pago</h3>
      <section aria-labelledby="help-methods-title" className="help-view__section">
        <h4 id="help-methods-title" className="help-view__subtitle">
          Medios de pago
        </h4>
        <ul className="help-view__list">
          {offered.paypal ? <li>PayPal.</li> : null}
          <li>
            Tarjetas de débito y crédito: Mastercard, Visa, American Express, JCB, Discover y Diners Club.
            {offered.wallets ? ' También Apple Pay.' : null}
          </li>
          {offered.wallets ? <li>Billetera web.</li> : null}
          <li>Transferencias bancarias y depósitos en efectivo desde los países que ves abajo.</li>
        </ul>
        <p>
          Tu tarjeta puede ser de cualquier moneda: cobramos en dólares estadounidenses, el procesador de
          pagos te muestra un estimado y la conversión final la hace tu banco.
        </p>
        <p className="help-view__note">No aceptamos Zelle.</p>
      </section>
      <BankDeposits orderNumber={orderNumber} />
    </div>
  );
}

function BankDeposits({ orderNumber }: { orderNumber: string | null }) {
  const query = useQuery(paymentInstructionsQueryOptions());
  return (
    <section aria-labelledby="help-deposits-title" className="help-view__section">
      <h4 id="help-deposits-title" className="help-view__subtitle">
        Transferencias y depósitos en efectivo
      </h4>
      {query.isPending ? (
        <div className="help-view__loading">
          <Spinner />
          <span className="visually-hidden">Cargando las instrucciones</span>
        </div>
      ) : query.isError ? (
        <QueryError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <DepositBlocks instructions={query.data} orderNumber={orderNumber} />
      )}
    </section>
  );
}

function DepositBlocks({
  instructions,
  orderNumber,
}: {
  instructions: PaymentInstructions;
  orderNumber: string | null;
}) {
  const countries = instructions.manual_payment_countries;
  const shopper = instructions.shopper_country?.toUpperCase() ?? null;
  if (shopper !== null && !countries.includes(shopper)) {
    // Spec §8: transfers and cash deposits are not taken from the shopper's country.
    return (
      <div className="help-view__unsupported">
        <p role="note">{CHECKOUT_MESSAGES.cashUnsupported}</p>
        <SupportContactBlock />
      </div>
    );
  }
  // The shopper's own country first, the rest as the settings list them.
  const ordered = shopper ? [shopper, ...countries.filter((code) => code !== shopper)] : countries;
  const reference = orderNumber ? (
    <strong>{orderNumber}</strong>
  ) : (
    <>
      tu número de pedido (por ejemplo <strong>MV-10234</strong>)
    </>
  );
  const subject = encodeURIComponent(orderNumber ? `Comprobante ${orderNumber}` : 'Comprobante MV-');
  const { bank } = instructions;
  return (
    <>
      <p>
        Recibimos transferencias y depósitos desde {countryList.format(ordered.map(countryName))} en una sola
        cuenta en dólares de la empresa. Escribe {reference} en la descripción de la transferencia y en el
        asunto del correo con el comprobante, o no podremos encontrar tu pago. Tienes{' '}
        {instructions.manual_payment_days} {instructions.manual_payment_days === 1 ? 'día' : 'días'} para
        pagar.
      </p>
      {ordered.map((code) => (
        <section key={code} className="help-deposit" aria-labelledby={`help-deposit-${code}`}>
          <h5 id={`help-deposit-${code}`} className="help-deposit__title">
            Desde {countryName(code)}
          </h5>
          <dl className="help-deposit__facts">
            <div>
              <dt>Banco</dt>
              <dd>{bank.bank_name}</dd>
            </div>
            <div>
              <dt>Titular</dt>
              <dd>{bank.account_holder}</dd>
            </div>
            <div>
              <dt>Cuenta ({bank.currency})</dt>
              <dd className="help-deposit__code">{bank.account_number}</dd>
            </div>
            {bank.routing_number ? (
              <div>
                <dt>Routing (ABA)</dt>
                <dd className="help-deposit__code">{bank.routing_number}</dd>
              </div>
            ) : null}
            {bank.swift ? (
              <div>
                <dt>SWIFT</dt>
                <dd className="help-deposit__code">{bank.swift}</dd>
              </div>
            ) : null}
            <div>
              <dt>Descripción de la transferencia</dt>
              <dd className="help-deposit__code">{orderNumber ?? 'Tu número de pedido'}</dd>
            </div>
          </dl>
        </section>
      ))}
      <p>
        Envía el comprobante a{' '}
        <a href={`mailto:${instructions.receipt_email}?subject=${subject}`}>{instructions.receipt_email}</a>{' '}
        con {orderNumber ? <strong>{orderNumber}</strong> : 'tu número de pedido'} en el asunto.
      </p>
      {shopper === null ? (
        <p className="help-view__note">
          ¿Estás en otro país? Los depósitos en efectivo y las transferencias no están disponibles allí:
          escríbenos por WhatsApp con tus datos y te ayudamos a completar la compra.
        </p>
      ) : null}
    </>
  );
}
