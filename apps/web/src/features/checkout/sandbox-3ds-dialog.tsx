import { CHECKOUT_MESSAGES } from '@mandado/shared/checkout.schemas';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';

interface Sandbox3dsDialogProps {
  amountText: string;
  pending: boolean;
  onDecide: (outcome: 'approve' | 'fail') => void;
}

/**
 * The sandbox's test 3-D Secure page (decision 023): what a bank's verification would ask, with 'Aprobar'
 * and 'Rechazar'. Escape, the close button and the backdrop reject, as closing a bank's page would.
 */
export function Sandbox3dsDialog({ amountText, pending, onDecide }: Sandbox3dsDialogProps) {
  return (
    <Dialog
      title={`Verificación 3-D Secure — ${CHECKOUT_MESSAGES.paymentTestMode}`}
      closeLabel="Rechazar y cerrar"
      onClose={() => {
        if (!pending) onDecide('fail');
      }}
    >
      <p className="dialog__text">
        {CHECKOUT_MESSAGES.paymentTestMode}: tu banco pediría confirmar este pago de {amountText}. Elige qué
        responde el banco.
      </p>
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={pending}
          onClick={() => onDecide('fail')}
        >
          Rechazar
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={pending}
          onClick={() => onDecide('approve')}
        >
          {pending ? <Spinner size="small" /> : null}
          Aprobar
        </button>
      </div>
    </Dialog>
  );
}
