import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@mandado/shared/messages';
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday, type WeeklyHours } from '@mandado/shared/store-hours';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { FieldError, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { type ReactNode, useId, useState } from 'react';
import { type UseFormRegister, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import {
  canAddRange,
  copyToWorkingDays,
  type HoursFormValues,
  hoursFormSchema,
  hoursFormValues,
  hoursFromForm,
} from './hours-form-values.ts';

interface HoursFormProps {
  /** The week saved now; null: no hours (always open). */
  saved: WeeklyHours | null;
  /** Saves the week (null removes the hours); rejects with the server's refusal. */
  onSave: (hours: WeeklyHours | null) => Promise<void>;
}

/**
 * 'Horario': a row per weekday with its 'Cerrado' switch and one or two ranges ('+ Agregar turno'), and
 * 'Copiar a todos los días hábiles' under Monday. Checked in the browser with the server's rules; the boxes
 * keep what the owner typed whatever goes wrong.
 */
export function HoursForm({ saved, onSave }: HoursFormProps) {
  const ids = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<HoursFormValues>({
    resolver: zodResolver(hoursFormSchema),
    defaultValues: hoursFormValues(saved),
  });
  const values = watch();
  const busy = isSubmitting || removing;
  const rootError = (errors as { root?: { message?: string } }).root?.message;

  const submit = handleSubmit(async (form) => {
    setProblem(null);
    try {
      await onSave(hoursFromForm(form));
    } catch (error) {
      setProblem(apiFieldErrors(error).hours ?? failureText(error) ?? MESSAGES.serverError);
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

  function copyMonday() {
    reset(copyToWorkingDays(getValues(), 'monday'), { keepDefaultValues: true });
  }

  return (
    <form className="form hours-form" noValidate onSubmit={submit}>
      {WEEKDAYS.map((day) => (
        <DayRow
          key={day}
          groupId={`${ids}-${day}`}
          day={day}
          closed={values[day].closed}
          rangeCount={values[day].ranges.length}
          error={errors[day]?.ranges?.message ?? errors[day]?.ranges?.root?.message}
          register={register}
          onAddRange={() =>
            setValue(`${day}.ranges`, [...getValues(`${day}.ranges`), { from: '16:00', to: '20:00' }])
          }
          onRemoveRange={() => setValue(`${day}.ranges`, getValues(`${day}.ranges`).slice(0, 1))}
          canAdd={canAddRange(values[day])}
        >
          {day === 'monday' ? (
            <button type="button" className="button button--secondary button--small" onClick={copyMonday}>
              Copiar a todos los días hábiles
            </button>
          ) : null}
        </DayRow>
      ))}
      <FieldError fieldId={`${ids}-week`} message={rootError} />
      <FormProblem problem={problem} />
      <div className="store-settings__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {isSubmitting ? <Spinner size="small" /> : null}
          Guardar horario
        </button>
        {saved ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void remove()}
          >
            {removing ? <Spinner size="small" /> : null}
            Quitar horario
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** One time input of a range: what it is ('Abre', 'Cierra') shown, the day and turn said to screen readers. */
function TimeBox({
  id,
  label,
  spoken,
  invalid,
  describedBy,
  registration,
}: {
  id: string;
  label: string;
  spoken: string;
  invalid: boolean;
  describedBy: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className="hours-day__box">
      <label className="hours-day__label" htmlFor={id}>
        {label}
        <span className="visually-hidden"> {spoken}</span>
      </label>
      <input
        id={id}
        type="time"
        className={invalid ? 'input input--invalid' : 'input'}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        {...registration}
      />
    </div>
  );
}

interface DayRowProps {
  groupId: string;
  day: Weekday;
  closed: boolean;
  rangeCount: number;
  error: string | undefined;
  register: UseFormRegister<HoursFormValues>;
  onAddRange: () => void;
  onRemoveRange: () => void;
  canAdd: boolean;
  children?: ReactNode;
}

function DayRow({
  groupId,
  day,
  closed,
  rangeCount,
  error,
  register,
  onAddRange,
  onRemoveRange,
  canAdd,
  children,
}: DayRowProps) {
  const label = WEEKDAY_LABELS[day];
  const describedBy = error ? `${groupId}-error` : undefined;
  return (
    <fieldset className="hours-day" aria-describedby={describedBy}>
      <legend className="hours-day__name">{label}</legend>
      <label className="hours-day__closed">
        <input type="checkbox" role="switch" aria-checked={closed} {...register(`${day}.closed`)} />
        Cerrado<span className="visually-hidden"> el {label.toLowerCase()}</span>
      </label>
      {closed ? null : (
        <div className="hours-day__ranges">
          {Array.from({ length: rangeCount }, (_, index) => {
            const turn = rangeCount > 1 ? ` (turno ${index + 1})` : '';
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's ranges are positions (first, second turn).
              <div key={index} className="hours-day__range">
                <TimeBox
                  id={`${groupId}-${index}-from`}
                  label="Abre"
                  spoken={`el ${label.toLowerCase()}${turn}`}
                  invalid={Boolean(error)}
                  describedBy={describedBy}
                  registration={register(`${day}.ranges.${index}.from`)}
                />
                <TimeBox
                  id={`${groupId}-${index}-to`}
                  label="Cierra"
                  spoken={`el ${label.toLowerCase()}${turn}`}
                  invalid={Boolean(error)}
                  describedBy={describedBy}
                  registration={register(`${day}.ranges.${index}.to`)}
                />
              </div>
            );
          })}
          <div className="hours-day__actions">
            {canAdd ? (
              <button type="button" className="button button--secondary button--small" onClick={onAddRange}>
                + Agregar turno<span className="visually-hidden"> el {label.toLowerCase()}</span>
              </button>
            ) : rangeCount > 1 ? (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={onRemoveRange}
              >
                Quitar el segundo turno<span className="visually-hidden"> del {label.toLowerCase()}</span>
              </button>
            ) : null}
          </div>
        </div>
      )}
      <FieldError fieldId={groupId} message={error} />
      {children}
    </fieldset>
  );
}
