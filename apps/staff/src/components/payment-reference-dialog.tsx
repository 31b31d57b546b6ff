import { zodResolver } from '@hookform/resolvers/zod';
import { markPaidInputSchema } from '@mandado/shared/staff-order.schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

type ReferenceValues = z.input<typeof markPaidInputSchema>;
type ReferenceInput = z.output<typeof markPaidInputSchema>;

interface PaymentReferenceDialogProps {
  title: string;
  /** What is being confirmed (who paid whom, how much). */
  text: ReactNode;
  referenceLabel: string;
  confirmLabel: string;
  /** Records the payment; a rejection (the server's reason) is said in the dialog, which stays open. */
  onSubmit: (reference: string) => Promise<void>;
  onClose: () => void;
}

/**
 * A money movement confirmed with its bank reference (issue 19): 'Marcar pagado' for a transfer that arrived,
 * 'Marcar pagada' for a statement paid out. One form, one rule for the reference (markPaidInputSchema).
 */
export function PaymentReferenceDialog({
  title,
  text,
  referenceLabel,
  confirmLabel,
  onSubmit,
  onClose,
}: PaymentReferenceDialogProps) {
  const ids = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReferenceValues, unknown, ReferenceInput>({
    resolver: zodResolver(markPaidInputSchema),
    defaultValues: { reference: '' },
  });

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onSubmit(values.reference);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'No pudimos registrar el pago.');
    }
  });

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="dialog__text">{text}</p>
        <Field fieldId={`${ids}-reference`} label={referenceLabel} required error={errors.reference?.message}>
          <input
            {...invalidProps(`${ids}-reference`, errors.reference?.message)}
            autoComplete="off"
            {...register('reference')}
          />
        </Field>
        <FormProblem problem={problem} />
        <DialogActions confirmLabel={confirmLabel} onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
