import { zodResolver } from '@hookform/resolvers/zod';
import { statementPaidInputSchema } from '@mandado/shared/admin-payments.schemas';
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
import { ADMIN_STATEMENTS_KEY } from './admin-statements.api.ts';

type PaidValues = z.input<typeof statementPaidInputSchema>;
type PaidInput = z.output<typeof statementPaidInputSchema>;

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
  const ids = useId();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PaidValues, unknown, PaidInput>({
    resolver: zodResolver(statementPaidInputSchema),
    defaultValues: { reference: '' },
  });

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onPay(values.reference);
      notify({ kind: 'success', title: 'Pago registrado', message: text });
      onClose();
      await queryClient.invalidateQueries({ queryKey: ADMIN_STATEMENTS_KEY });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'No pudimos registrar el pago.');
    }
  });

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="dialog__text">{text}</p>
        <Field
          fieldId={`${ids}-reference`}
          label="Referencia de la transferencia"
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
        <DialogActions confirmLabel="Marcar pagada" onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
