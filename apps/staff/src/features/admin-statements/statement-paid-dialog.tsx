import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { PaymentReferenceDialog } from '../../components/payment-reference-dialog.tsx';
import { ADMIN_STATEMENTS_KEY } from './admin-statements.api.ts';

/** 'Marcar pagada': the transfer to a store (or the couriers' week) was made; its reference is kept. */
export function StatementPaidDialog({
  title,
  text,
  onPay,
  onClose,
}: {
  title: string;
  text: string;
  onPay: (reference: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <PaymentReferenceDialog
      title={title}
      text={text}
      referenceLabel="Referencia de la transferencia"
      confirmLabel="Marcar pagada"
      onClose={onClose}
      onSubmit={async (reference) => {
        await onPay(reference);
        notify({ kind: 'success', title: 'Pago registrado', message: text });
        onClose();
        await queryClient.invalidateQueries({ queryKey: ADMIN_STATEMENTS_KEY });
      }}
    />
  );
}
