import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminWallet,
  type AdminWalletAdjustmentInput,
  adminWalletAdjustmentInputSchema,
} from '@mandado/shared/admin-people.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adjustWallet } from './admin-people.api.ts';
import { amountText, newAdjustmentKey } from './admin-people-text.ts';
import '../../components/staff-choice.css';

type AdjustmentOutput = z.output<typeof adminWalletAdjustmentInputSchema>;

/**
 * 'Ajustar saldo' (issue 19): a signed USD amount and the reason, checked with the API's own schema. The
 * Idempotency-Key is made when the dialog opens and kept for every retry of this adjustment, so a double
 * click or a retry after a lost answer adjusts once. A debit below zero is refused (409) and said here.
 */
export function WalletAdjustDialog({
  userId,
  balance,
  onDone,
  onClose,
}: {
  userId: number;
  balance: string;
  onDone: (wallet: AdminWallet) => Promise<void>;
  onClose: () => void;
}) {
  const ids = useId();
  const key = useRef(newAdjustmentKey()).current;
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<AdminWalletAdjustmentInput, unknown, AdjustmentOutput>({
    resolver: zodResolver(adminWalletAdjustmentInputSchema),
    defaultValues: { amount: '', reason: '' },
  });

  // The schema reads the amount into cents to check it; the API takes the text as typed and reads it again.
  const submit = handleSubmit(async () => {
    setProblem(null);
    const input = getValues();
    try {
      await onDone(await adjustWallet(userId, input, key));
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (fields.amount) setError('amount', { message: fields.amount });
      else if (fields.reason) setError('reason', { message: fields.reason });
      else setProblem(failureText(error) ?? MESSAGES.serverError);
    }
  });

  return (
    <Dialog title="Ajustar saldo" onClose={onClose}>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="dialog__text">
          Saldo actual: {amountText(balance)}. El ajuste queda como un movimiento nuevo, con tu nombre y el
          motivo.
        </p>
        <Field
          fieldId={`${ids}-amount`}
          label="Monto en dólares"
          required
          error={errors.amount?.message}
          hint="Positivo suma, negativo resta (por ejemplo 5 o -2,50)."
        >
          <input
            {...invalidProps(`${ids}-amount`, errors.amount?.message, `${ids}-amount-hint`)}
            inputMode="decimal"
            autoComplete="off"
            {...register('amount')}
          />
        </Field>
        <Field fieldId={`${ids}-reason`} label="Motivo" required error={errors.reason?.message}>
          <textarea
            {...invalidProps(`${ids}-reason`, errors.reason?.message)}
            className={errors.reason ? 'input input--invalid staff-textarea' : 'input staff-textarea'}
            rows={3}
            {...register('reason')}
          />
        </Field>
        <FormProblem problem={problem} />
        <DialogActions confirmLabel="Ajustar saldo" onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
