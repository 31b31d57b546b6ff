import { zodResolver } from '@hookform/resolvers/zod';
import type { PaymentQueueItem } from '@mandado/shared/admin-payments.schemas';
import { parseMoney } from '@mandado/shared/money';
import { moneyText } from '@mandado/shared/money-text';
import { markPaidInputSchema } from '@mandado/shared/staff-order.schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { markOrderPaid, PAYMENTS_KEY } from './admin-payments.api.ts';

type MarkPaidValues = z.input<typeof markPaidInputSchema>;
type MarkPaidInput = z.output<typeof markPaidInputSchema>;

/**
 * 'Marcar pagado' (issue 19): the transfer or deposit arrived; the bank's reference is kept with the payment.
 * The order's remitter and stores hear of it as with any payment.
 */
export function MarkPaidDialog({ item, onClose }: { item: PaymentQueueItem; onClose: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<MarkPaidValues, unknown, MarkPaidInput>({
    resolver: zodResolver(markPaidInputSchema),
    defaultValues: { reference: '' },
  });

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await markOrderPaid(item.number, values.reference);
      notify({ kind: 'success', title: 'Pago registrado', message: `${item.number} quedó pagado.` });
      onClose();
      await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'No pudimos registrar el pago.');
      // Paid or expired meanwhile: the queue shows it as it is now.
      if (error instanceof ApiError && error.status === 409) {
        await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
      }
    }
  });

  return (
    <Dialog title={`Marcar pagado ${item.number}`} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="dialog__text">
          Confirma que llegaron {moneyText(parseMoney(item.total), { code: item.currency })} de{' '}
          {item.remitter_name}. Le avisamos por correo y las tiendas empiezan a preparar el pedido.
        </p>
        <Field
          fieldId={`${ids}-reference`}
          label="Referencia de la transferencia o el depósito"
          required
          error={errors.reference?.message}
        >
          <input
            {...invalidProps(`${ids}-reference`, errors.reference?.message)}
            autoComplete="off"
            {...register('reference')}
          />
        </Field>
        <FormProblem problem={problem} />
        <DialogActions confirmLabel="Marcar pagado" onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
