import type { PaymentQueueItem } from '@mandado/shared/admin-payments.schemas';
import { parseMoney } from '@mandado/shared/money';
import { moneyText } from '@mandado/shared/money-text';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { PaymentReferenceDialog } from '../../components/payment-reference-dialog.tsx';
import { markOrderPaid, PAYMENTS_KEY } from './admin-payments.api.ts';

/**
 * 'Marcar pagado' (issue 19): the transfer or deposit arrived; the bank's reference is kept with the payment.
 * The order's remitter and stores hear of it as with any payment.
 */
export function MarkPaidDialog({ item, onClose }: { item: PaymentQueueItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <PaymentReferenceDialog
      title={`Marcar pagado ${item.number}`}
      text={`Confirma que llegaron ${moneyText(parseMoney(item.total), { code: item.currency })} de ${item.remitter_name}. Le avisamos por correo y las tiendas empiezan a preparar el pedido.`}
      referenceLabel="Referencia de la transferencia o el depósito"
      confirmLabel="Marcar pagado"
      onClose={onClose}
      onSubmit={async (reference) => {
        try {
          await markOrderPaid(item.number, reference);
        } catch (error) {
          // Paid or expired meanwhile: the queue shows it as it is now.
          if (error instanceof ApiError && error.status === 409) {
            void queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
          }
          throw error;
        }
        notify({ kind: 'success', title: 'Pago registrado', message: `${item.number} quedó pagado.` });
        onClose();
        await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
      }}
    />
  );
}
