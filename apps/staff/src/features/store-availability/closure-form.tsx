import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@mandado/shared/messages';
import { CLOSURE_NOTE_MAX_LENGTH } from '@mandado/shared/store-availability.schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { FieldError, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import {
  type ClosureFormValues,
  type ClosureInput,
  closureFormSchema,
  closureFormValues,
} from './closure-form-values.ts';

interface ClosureFormProps {
  /** The closure saved now, or null. */
  saved: ClosureInput | null;
  /** Saves the closure (null removes it); rejects with the server's refusal. */
  onSave: (closure: ClosureInput | null) => Promise<void>;
}

/**
 * 'Cierre programado': from a day and time to another, on Montevideo's clock, with a note the shoppers read.
 * Checked in the browser with the API's schema, then by the server, whose `closure` refusal (already over,
 * too far ahead) lands under 'Hasta'. Whatever went wrong, the boxes keep what the owner typed.
 */
export function ClosureForm({ saved, onSave }: ClosureFormProps) {
  const ids = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ClosureFormValues, unknown, ClosureInput>({
    resolver: zodResolver(closureFormSchema),
    defaultValues: closureFormValues(saved),
  });
  const busy = isSubmitting || removing;

  function showRefusal(error: unknown) {
    const closureError = apiFieldErrors(error).closure;
    if (closureError) setError('to_date', { message: closureError }, { shouldFocus: true });
    if (!closureError || (error instanceof ApiError && error.status !== 400)) {
      setProblem(failureText(error) ?? MESSAGES.serverError);
    }
  }

  const submit = handleSubmit(async (closure) => {
    setProblem(null);
    try {
      await onSave(closure);
    } catch (error) {
      showRefusal(error);
    }
  });

  async function remove() {
    setProblem(null);
    setRemoving(true);
    try {
      await onSave(null);
    } catch (error) {
      setProblem(failureText(error) ?? MESSAGES.serverError);
      setRemoving(false);
    }
  }

  const noteId = `${ids}-note`;
  return (
    <form className="form closure-form" noValidate onSubmit={submit}>
      <DateTimeBoxes
        groupId={`${ids}-from`}
        legend="Desde"
        which="de inicio"
        error={errors.from_date?.message}
        date={register('from_date')}
        time={register('from_time')}
      />
      <DateTimeBoxes
        groupId={`${ids}-to`}
        legend="Hasta"
        which="de fin"
        error={errors.to_date?.message}
        date={register('to_date')}
        time={register('to_time')}
      />
      <div className="form__field">
        <label className="field-label" htmlFor={noteId}>
          Nota
        </label>
        <input
          id={noteId}
          type="text"
          className={errors.note ? 'input input--invalid' : 'input'}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={[errors.note ? `${noteId}-error` : '', `${noteId}-hint`].join(' ').trim()}
          autoComplete="off"
          maxLength={CLOSURE_NOTE_MAX_LENGTH}
          {...register('note')}
        />
        <p id={`${noteId}-hint`} className="form__hint">
          Opcional. La leen tus clientes, por ejemplo «Cerramos por inventario».
        </p>
        <FieldError fieldId={noteId} message={errors.note?.message} />
      </div>
      <FormProblem problem={problem} />
      <div className="closure-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {isSubmitting ? <Spinner size="small" /> : null}
          Guardar cierre
        </button>
        {saved ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void remove()}
          >
            {removing ? <Spinner size="small" /> : null}
            Quitar cierre
          </button>
        ) : null}
      </div>
    </form>
  );
}

interface DateTimeBoxesProps {
  groupId: string;
  legend: string;
  /** Completes each box's name for a screen reader: 'Día de inicio'. */
  which: string;
  error: string | undefined;
  date: UseFormRegisterReturn;
  time: UseFormRegisterReturn;
}

/** A day box and a time box side by side; one message under both, since either may be the wrong one. */
function DateTimeBoxes({ groupId, legend, which, error, date, time }: DateTimeBoxesProps) {
  const describedBy = error ? `${groupId}-error` : undefined;
  const className = error ? 'input input--invalid' : 'input';
  return (
    <fieldset className="date-time" aria-describedby={describedBy}>
      <legend className="field-label date-time__legend">{legend}</legend>
      <div className="date-time__boxes">
        <div className="form__field">
          <label className="date-time__label" htmlFor={`${groupId}-date`}>
            Día<span className="visually-hidden"> {which}</span>
          </label>
          <input
            id={`${groupId}-date`}
            type="date"
            className={className}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...date}
          />
        </div>
        <div className="form__field">
          <label className="date-time__label" htmlFor={`${groupId}-time`}>
            Hora<span className="visually-hidden"> {which}</span>
          </label>
          <input
            id={`${groupId}-time`}
            type="time"
            className={className}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...time}
          />
        </div>
      </div>
      <FieldError fieldId={groupId} message={error} />
    </fieldset>
  );
}
