import { zodResolver } from '@hookform/resolvers/zod';
import { REJECT_REASON_LABELS, REJECT_REASONS } from '@mandado/shared/fulfilment';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changeOrderStatus, type StaffStoreOrder } from './inbox.api.ts';
import { rejectReasonText } from './inbox-wording.ts';
import { isConflict, useInboxActions } from './use-inbox-actions.ts';

/** The note rides in the 300-character reason after 'Otro: '. */
const NOTE_MAX = 290;

const rejectFormSchema = z
  .object({
    reason: z.enum(REJECT_REASONS),
    note: z.string().trim().max(NOTE_MAX, `Escribe hasta ${NOTE_MAX} caracteres.`),
  })
  .superRefine((value, context) => {
    if (value.reason === 'other' && value.note === '') {
      context.addIssue({ code: 'custom', path: ['note'], message: 'Cuenta por qué rechazas el pedido.' });
    }
  });
type RejectValues = z.input<typeof rejectFormSchema>;
type RejectInput = z.output<typeof rejectFormSchema>;

/**
 * 'Rechazar' (issue 17): why, from the fixed reasons (a note for 'Otro'). The order is refunded to whoever
 * paid, which the dialog says before the store confirms.
 */
export function RejectDialog({
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
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RejectValues, unknown, RejectInput>({
    resolver: zodResolver(rejectFormSchema),
    defaultValues: { reason: 'out_of_stock', note: '' },
  });
  const other = watch('reason') === 'other';

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await changeOrderStatus(storeId, order.number, {
        from: order.status,
        to: 'rejected',
        reason: rejectReasonText(values.reason, values.note),
      });
      notify({ kind: 'success', title: 'Pedido rechazado', message: 'Se devuelve el dinero a quien pagó.' });
      onClose();
      await refresh();
    } catch (error) {
      if (isConflict(error)) {
        onClose();
        fail(error);
      } else {
        setProblem(error instanceof ApiError ? error.message : 'No pudimos rechazar el pedido.');
      }
    }
  });

  return (
    <Dialog title={`Rechazar el pedido ${order.number}`} onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <fieldset className="staff-choice">
          <legend className="staff-choice__legend">Motivo</legend>
          {REJECT_REASONS.map((reason) => (
            <label key={reason} className="staff-choice__option">
              <input type="radio" value={reason} {...register('reason')} />
              <span>{REJECT_REASON_LABELS[reason]}</span>
            </label>
          ))}
        </fieldset>
        {other ? (
          <Field fieldId={`${ids}-note`} label="Cuenta el motivo" required error={errors.note?.message}>
            <textarea
              {...invalidProps(`${ids}-note`, errors.note?.message)}
              className={errors.note ? 'input input--invalid staff-textarea' : 'input staff-textarea'}
              rows={3}
              {...register('note')}
            />
          </Field>
        ) : null}
        <p className="dialog__text">
          Se devuelve todo el dinero de este pedido a quien pagó, y le avisamos por correo.
        </p>
        <FormProblem problem={problem} />
        <DialogActions confirmLabel="Rechazar pedido" onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
