import { zodResolver } from '@hookform/resolvers/zod';
import { type CourierAttemptInput, courierAttemptInputSchema } from '@mandado/shared/courier.schemas';
import { ATTEMPT_REASON_LABELS, ATTEMPT_REASONS, MAX_DELIVERY_ATTEMPTS } from '@mandado/shared/fulfilment';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { apiFieldErrors } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

type AttemptValues = z.input<typeof courierAttemptInputSchema>;

interface CourierAttemptFormProps {
  attemptsSoFar: number;
  onRecord: (input: CourierAttemptInput) => Promise<void>;
  onCancel: () => void;
}

/** 'No pude entregar': a fixed reason (so attempts can be counted) and a note, needed for 'Otro'. */
export function CourierAttemptForm({ attemptsSoFar, onRecord, onCancel }: CourierAttemptFormProps) {
  const ids = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AttemptValues, unknown, CourierAttemptInput>({
    resolver: zodResolver(courierAttemptInputSchema),
    defaultValues: { reason: 'nobody_home', note: '' },
  });
  const other = watch('reason') === 'other';
  const last = attemptsSoFar + 1 >= MAX_DELIVERY_ATTEMPTS;

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await onRecord(values);
    } catch (error) {
      const note = apiFieldErrors(error).note;
      if (note) setError('note', { message: note }, { shouldFocus: true });
      else setProblem(error instanceof ApiError ? error.message : 'No pudimos registrar el intento.');
    }
  });

  return (
    <form className="form courier-form" noValidate onSubmit={submit} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="courier-panel__title">
        No pude entregar
      </h2>
      <fieldset className="staff-choice">
        <legend className="staff-choice__legend">¿Qué pasó?</legend>
        {ATTEMPT_REASONS.map((reason) => (
          <label key={reason} className="staff-choice__option">
            <input type="radio" value={reason} {...register('reason')} />
            <span>{ATTEMPT_REASON_LABELS[reason]}</span>
          </label>
        ))}
      </fieldset>
      <Field
        fieldId={`${ids}-note`}
        label={other ? 'Cuenta qué pasó' : 'Nota (opcional)'}
        required={other}
        error={errors.note?.message}
      >
        <textarea
          {...invalidProps(`${ids}-note`, errors.note?.message)}
          className={errors.note ? 'input input--invalid staff-textarea' : 'input staff-textarea'}
          rows={3}
          {...register('note')}
        />
      </Field>
      <p className="form__hint">
        {last
          ? 'Es el segundo intento: el pedido pasa a Mandado para coordinar la entrega.'
          : 'La tienda y quien compró verán el motivo. Puedes volver a intentarlo después.'}
      </p>
      <FormProblem problem={problem} />
      <div className="courier-form__actions">
        <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
          {isSubmitting ? <Spinner size="small" /> : null}
          Registrar el intento
        </button>
        <button type="button" className="button button--secondary button--block" onClick={onCancel}>
          Volver
        </button>
      </div>
    </form>
  );
}
