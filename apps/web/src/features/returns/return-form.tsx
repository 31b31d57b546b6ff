import { zodResolver } from '@hookform/resolvers/zod';
import {
  RETURN_REASON_MAX,
  RETURN_REASON_MIN,
  RETURN_REFUND_TARGET_LABELS,
  RETURN_REFUND_TARGETS,
  type ReturnRefundTarget,
} from '@mandado/shared/return-status';
import type { NewReturn, ReturnsOverview } from '@mandado/shared/returns-schemas';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { errorId, invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FieldError, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { lineBlockedReason, quantityChoices, returnDeadlineText } from './returns-wording.ts';

type StoreOrderChoice = ReturnsOverview['storeOrders'][number];

/** What the form hands over: the body without the photo's id, and the photo itself (uploaded first). */
export interface ReturnFormOutput {
  input: Omit<NewReturn, 'photoId'>;
  photo: File | null;
}

const REFUND_REQUIRED = 'Elige cómo recibir el reembolso.';
const LINES_REQUIRED = 'Elige al menos un producto para devolver.';

/**
 * The box values as the form keeps them: a quantity per line as the select's text, the refund's choice empty
 * until one is made (nothing is chosen for the requester: a transfer's order cannot go back to a card).
 */
const returnFormSchema = z.object({
  quantities: z.record(z.string(), z.string()),
  reason: z
    .string()
    .trim()
    .min(RETURN_REASON_MIN, `Escribe al menos ${RETURN_REASON_MIN} caracteres.`)
    .max(RETURN_REASON_MAX, `Escribe como máximo ${RETURN_REASON_MAX} caracteres.`),
  refundTo: z.string().refine((value) => (RETURN_REFUND_TARGETS as readonly string[]).includes(value), {
    message: REFUND_REQUIRED,
  }),
});
type ReturnFormValues = z.input<typeof returnFormSchema>;

const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

/**
 * 'Devolver productos' (issue 32, Ley 17.250 art. 16) for one delivered store order: which lines and how many
 * (a line that cannot be returned is shown disabled with its reason), why, an optional photo, and where the
 * refund goes. `send` uploads and posts; when it rejects, the server's reason is shown and every value stays.
 * The same form for the remitter ('Mis Compras') and the family (the tracking link).
 */
export function ReturnForm({
  storeOrder,
  requester,
  send,
  onCancel,
}: {
  storeOrder: StoreOrderChoice;
  requester: 'remitter' | 'family';
  send: (output: ReturnFormOutput) => Promise<void>;
  onCancel: () => void;
}) {
  const ids = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [linesError, setLinesError] = useState<string | undefined>();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const form = useForm<ReturnFormValues>({
    resolver: zodResolver(returnFormSchema),
    defaultValues: {
      quantities: Object.fromEntries(storeOrder.lines.map((line) => [String(line.lineId), '0'])),
      reason: '',
      refundTo: '',
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  // The button that opened the form is gone: the focus goes to the form's title, where reading starts.
  useEffect(() => {
    document.getElementById(`${ids}-title`)?.focus();
  }, [ids]);

  function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    if (file && file.size > MAX_PHOTO_BYTES) {
      setPhoto(null);
      setPhotoError('La foto pesa demasiado: elige una de hasta 8 MB.');
      event.target.value = '';
      return;
    }
    setPhotoError(undefined);
    setPhoto(file);
  }

  const submit = form.handleSubmit(async (values) => {
    const lines = storeOrder.lines
      .filter((line) => lineBlockedReason(line) === null)
      .map((line) => ({ lineId: line.lineId, quantity: Number(values.quantities[String(line.lineId)] ?? 0) }))
      .filter((line) => line.quantity > 0);
    if (lines.length === 0) {
      setLinesError(LINES_REQUIRED);
      document.getElementById(`${ids}-lines`)?.focus();
      return;
    }
    setLinesError(undefined);
    setProblem(null);
    try {
      await send({
        input: {
          storeOrderNumber: storeOrder.storeOrderNumber,
          lines,
          reason: values.reason.trim(),
          refundTo: values.refundTo as ReturnRefundTarget,
        },
        photo,
      });
    } catch (failure) {
      // A field the server names goes under its box; anything else (the period ended, a line moved) on top.
      const fields = apiFieldErrors(failure);
      if (fields.reason) form.setError('reason', { type: 'server', message: fields.reason });
      if (fields.refundTo) form.setError('refundTo', { type: 'server', message: fields.refundTo });
      if (fields.lines) setLinesError(fields.lines);
      if (fields.photoId) setPhotoError(fields.photoId);
      setProblem(failureText(failure) ?? 'No pudimos enviar el pedido de devolución. Vuelve a intentarlo.');
    }
  });

  const reasonId = `${ids}-reason`;
  const refundError = errors.refundTo?.message;
  return (
    <form
      className="form return-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${ids}-title`}
    >
      <h3 id={`${ids}-title`} className="return-form__title" tabIndex={-1}>
        Devolver productos de {storeOrder.storeName}
      </h3>
      {storeOrder.deadline ? (
        <p className="return-form__deadline">{returnDeadlineText(storeOrder.deadline)}</p>
      ) : null}
      <fieldset
        id={`${ids}-lines`}
        tabIndex={-1}
        className="return-form__lines"
        aria-describedby={linesError ? errorId(`${ids}-lines`) : undefined}
      >
        <legend className="field-label field-label--required">¿Qué quieres devolver?</legend>
        <ul className="return-form__line-list">
          {storeOrder.lines.map((line) => {
            const blocked = lineBlockedReason(line);
            const boxId = `${ids}-line-${line.lineId}`;
            return (
              <li key={line.lineId} className="return-form__line">
                <label htmlFor={boxId} className="return-form__line-name">
                  {line.name}
                  <span className="return-form__line-bought">
                    {' '}
                    ({line.quantity} {line.quantity === 1 ? 'comprado' : 'comprados'})
                  </span>
                </label>
                <select
                  id={boxId}
                  className="return-form__quantity"
                  disabled={blocked !== null}
                  aria-describedby={blocked ? `${boxId}-why` : undefined}
                  aria-label={`Cantidad a devolver de ${line.name}`}
                  {...register(`quantities.${String(line.lineId)}`)}
                >
                  {quantityChoices(blocked ? 0 : line.returnableQuantity).map((count) => (
                    <option key={count} value={String(count)}>
                      {count}
                    </option>
                  ))}
                </select>
                {blocked ? (
                  <p id={`${boxId}-why`} className="return-form__line-why">
                    {blocked}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
        <FieldError fieldId={`${ids}-lines`} message={linesError} />
      </fieldset>
      <Field
        fieldId={reasonId}
        label="Motivo"
        required
        error={errors.reason?.message}
        hint="Por ejemplo: la talla no le queda, llegó con un defecto."
      >
        <textarea
          {...invalidProps(reasonId, errors.reason?.message, `${reasonId}-hint`)}
          rows={3}
          maxLength={RETURN_REASON_MAX}
          {...register('reason')}
        />
      </Field>
      <Field
        fieldId={`${ids}-photo`}
        label="Foto (opcional)"
        error={photoError}
        hint="Si el producto llegó dañado, una foto ayuda a la tienda a decidir."
      >
        <input
          {...invalidProps(`${ids}-photo`, photoError, `${ids}-photo-hint`)}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={choosePhoto}
        />
      </Field>
      <fieldset
        className="return-form__refund"
        aria-describedby={refundError ? errorId(`${ids}-refund`) : undefined}
      >
        <legend className="field-label field-label--required">¿Cómo quieres el reembolso?</legend>
        {requester === 'family' ? (
          <p className="form__hint">El dinero vuelve a quien pagó la compra.</p>
        ) : null}
        {RETURN_REFUND_TARGETS.map((target) => (
          <label key={target} className="checkbox-field">
            <input
              type="radio"
              className="checkbox"
              value={target}
              aria-invalid={refundError ? true : undefined}
              {...register('refundTo')}
            />
            <span className="field-label">{RETURN_REFUND_TARGET_LABELS[target]}</span>
          </label>
        ))}
        <FieldError fieldId={`${ids}-refund`} message={refundError} />
      </fieldset>
      <p className="form__hint">
        Si la tienda la acepta, un repartidor pasa a retirar los productos: muéstrale el código que verás
        aquí. El reembolso sale cuando la tienda los recibe.
      </p>
      <FormProblem problem={problem} />
      <div className="return-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? <Spinner size="small" /> : null}
          Pedir la devolución
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
