import './bank-instructions.css';
import type { BankInstructions } from '@mandado/shared/checkout.schemas';
import { dateTimeWithZoneText } from '@mandado/shared/date-text';
import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import { CopyButton } from './copy-button.tsx';

/**
 * Spec §2 Help overlay: one company account in dollars for transfers and cash deposits; the order number goes
 * in the transfer's description and in the subject of the e-mailed receipt, or the payment cannot be matched.
 * The one wording of the payer's instructions, on the confirmation and on the order page (decision 061);
 * `headingLevel` only fits the heading into the page's outline.
 */
export function BankInstructionsBlock({
  instructions,
  headingLevel = 3,
}: {
  instructions: BankInstructions;
  headingLevel?: 2 | 3;
}) {
  const receiptSubject = encodeURIComponent(`Comprobante ${instructions.reference}`);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="bank-instructions" aria-labelledby="bank-instructions-title">
      <Heading id="bank-instructions-title" className="bank-instructions__title">
        Cómo pagar tu pedido: instrucciones para tu transferencia o depósito
      </Heading>
      <p>
        Transfiere o deposita <strong>{usdText(parseMoney(instructions.amount))}</strong> en la cuenta en
        dólares de la empresa. Escribe el número de pedido <strong>{instructions.reference}</strong> en la
        descripción de la transferencia y en el asunto del correo con el comprobante.
      </p>
      <dl className="bank-instructions__facts">
        <div>
          <dt>Banco</dt>
          <dd>{instructions.bank_name}</dd>
        </div>
        <div>
          <dt>Titular</dt>
          <dd>{instructions.account_holder}</dd>
        </div>
        <div>
          <dt>Cuenta ({instructions.currency})</dt>
          <dd className="bank-instructions__code">
            {instructions.account_number}{' '}
            <CopyButton value={instructions.account_number} what="el número de cuenta" />
          </dd>
        </div>
        {instructions.routing_number ? (
          <div>
            <dt>Routing (ABA)</dt>
            <dd className="bank-instructions__code">{instructions.routing_number}</dd>
          </div>
        ) : null}
        {instructions.swift ? (
          <div>
            <dt>SWIFT</dt>
            <dd className="bank-instructions__code">{instructions.swift}</dd>
          </div>
        ) : null}
        <div>
          <dt>Monto</dt>
          <dd>{usdText(parseMoney(instructions.amount))}</dd>
        </div>
        <div>
          <dt>Descripción de la transferencia</dt>
          <dd className="bank-instructions__code">
            {instructions.reference} <CopyButton value={instructions.reference} what="el número de pedido" />
          </dd>
        </div>
      </dl>
      <p>
        Envía el comprobante a{' '}
        <a
          href={`mailto:${encodeURIComponent(instructions.receipt_email).replace(/%40/g, '@')}?subject=${receiptSubject}`}
        >
          {instructions.receipt_email}
        </a>{' '}
        con el asunto <strong>{instructions.reference}</strong>.
      </p>
      <p className="bank-instructions__deadline">
        Tienes hasta el{' '}
        <time dateTime={instructions.expires_at}>{dateTimeWithZoneText(instructions.expires_at)}</time> para
        pagar; después el pedido se cancela y los productos vuelven a la tienda.
      </p>
    </section>
  );
}
