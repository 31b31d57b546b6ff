import { zodResolver } from '@hookform/resolvers/zod';
import { type CounterDeliverInput, counterDeliverInputSchema } from '@mandado/shared/courier.schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { apiFieldErrors } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { deliverAtCounter, type StaffStoreOrder } from './inbox.api.ts';
import { isConflict, useInboxActions } from './use-inbox-actions.ts';

type CounterValues = z.input<typeof counterDeliverInputSchema>;

/**
 * 'Entregar en el mostrador' (issue 17): a pick-up order is handed over when whoever collects it says the
 * 4-digit code the beneficiary sees on the tracking page. The store never sees the code; it types what it
 * hears. A wrong code answers how many tries are left.
 */
export function CounterDeliverDialog({
  storeId,
  order,
  onClose,
}: {
  storeId: number;
  order: StaffStoreOrder;
  onClose: () => void;
}) {
  const ids = useId();
  const { refresh, fail } = useInboxActions(storeId);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CounterValues, unknown, CounterDeliverInput>({
    resolver: zodResolver(counterDeliverInputSchema),
    defaultValues: {
      recipient_name:
        order.pickup_contact?.name ?? `${order.beneficiary.first_name} ${order.beneficiary.last_name}`.trim(),
      code: '',
    },
  });

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await deliverAtCounter(storeId, order.number, values);
      notify({ kind: 'success', title: 'Pedido entregado' });
      onClose();
      await refresh();
    } catch (error) {
      if (isConflict(error)) {
        onClose();
        fail(error);
        return;
      }
      const fields = apiFieldErrors(error);
      if (fields.code) setError('code', { message: fields.code }, { shouldFocus: true });
      else if (fields.recipient_name) {
        setError('recipient_name', { message: fields.recipient_name }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.status === 400) {
        // A wrong code: a 400 with only a detail that says how many tries are left.
        setError('code', { message: error.message }, { shouldFocus: true });
      } else setProblem(error instanceof ApiError ? error.message : 'No pudimos registrar la entrega.');
    }
  });

  return (
    <Dialog title={`Entregar el pedido ${order.number}`} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <Field
          fieldId={`${ids}-name`}
          label="Nombre de quien retira"
          required
          error={errors.recipient_name?.message}
        >
          <input
            {...invalidProps(`${ids}-name`, errors.recipient_name?.message)}
            type="text"
            autoComplete="off"
            {...register('recipient_name')}
          />
        </Field>
        <Field
          fieldId={`${ids}-code`}
          label="Código de entrega"
          required
          error={errors.code?.message}
          hint="Pídele los 4 números que ve en su página de seguimiento."
        >
          <input
            {...invalidProps(`${ids}-code`, errors.code?.message, `${ids}-code-hint`)}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]*"
            maxLength={4}
            {...register('code')}
          />
        </Field>
        <FormProblem problem={problem} />
        <DialogActions confirmLabel="Confirmar entrega" onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
