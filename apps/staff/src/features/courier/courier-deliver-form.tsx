import { zodResolver } from '@hookform/resolvers/zod';
import { deliveryCodeSchema, recipientNameSchema } from '@mandado/shared/courier.schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { apiFieldErrors } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { shrinkPhoto } from '@mandado/web-kit/photo-shrink.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { type ChangeEvent, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

const deliverFormSchema = z.object({ recipient_name: recipientNameSchema, code: deliveryCodeSchema });
type DeliverValues = z.input<typeof deliverFormSchema>;
type DeliverInput = z.output<typeof deliverFormSchema>;

interface CourierDeliverFormProps {
  codeTriesLeft: number;
  /** Uploads the photo (when there is one), then records the delivery; rejects with the server's answer. */
  onDeliver: (input: DeliverInput & { photo: Blob | null }) => Promise<void>;
  onCancel: () => void;
}

/**
 * 'Entregado': who received it, the 4 digits the beneficiary reads out from the tracking page, and a photo
 * from the phone's camera if the courier wants to leave one. A wrong code answers how many tries are left;
 * the values stay in the boxes so the courier corrects only the code.
 */
export function CourierDeliverForm({ codeTriesLeft, onDeliver, onCancel }: CourierDeliverFormProps) {
  const ids = useId();
  const fieldId = (name: string) => `${ids}-${name}`;
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeliverValues, unknown, DeliverInput>({
    resolver: zodResolver(deliverFormSchema),
    defaultValues: { recipient_name: '', code: '' },
  });

  function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    setPhoto(event.target.files?.[0] ?? null);
  }

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const shrunk = photo ? await shrinkPhoto(photo) : null;
      await onDeliver({ ...values, photo: shrunk });
    } catch (error) {
      const fields = apiFieldErrors(error);
      let placed = false;
      for (const name of ['recipient_name', 'code'] as const) {
        const message = fields[name];
        if (message) {
          setError(name, { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      // A wrong code is a 400 with only a detail ('El código no es correcto. Te quedan 4 intentos.'): it belongs
      // under the code box, where the courier types again.
      if (!placed && error instanceof ApiError && error.status === 400 && !fields.photo_id) {
        setError('code', { message: error.message }, { shouldFocus: true });
        placed = true;
      }
      if (!placed) {
        setProblem(
          fields.photo_id ?? (error instanceof ApiError ? error.message : 'No pudimos registrar la entrega.'),
        );
      }
    }
  });

  return (
    <form className="form courier-form" noValidate onSubmit={submit} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="courier-panel__title">
        Registrar la entrega
      </h2>
      <Field
        fieldId={fieldId('recipient')}
        label="Nombre de quien recibe"
        required
        error={errors.recipient_name?.message}
      >
        <input
          {...invalidProps(fieldId('recipient'), errors.recipient_name?.message)}
          type="text"
          autoComplete="off"
          {...register('recipient_name')}
        />
      </Field>
      <Field
        fieldId={fieldId('code')}
        label="Código de entrega"
        required
        error={errors.code?.message}
        hint={`Son 4 números que ve quien recibe en su página de seguimiento. Intentos que quedan: ${codeTriesLeft}.`}
      >
        <input
          {...invalidProps(fieldId('code'), errors.code?.message, `${fieldId('code')}-hint`)}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={4}
          className={errors.code ? 'input input--invalid courier-form__code' : 'input courier-form__code'}
          {...register('code')}
        />
      </Field>
      <div className="form__field">
        <label className="field-label" htmlFor={fieldId('photo')}>
          Foto de la entrega (opcional)
        </label>
        <input
          id={fieldId('photo')}
          className="courier-form__photo"
          type="file"
          accept="image/*"
          capture="environment"
          aria-describedby={`${fieldId('photo')}-hint`}
          onChange={choosePhoto}
        />
        <p id={`${fieldId('photo')}-hint`} className="form__hint">
          {photo ? `Foto elegida: ${photo.name}` : 'Saca una foto del paquete entregado, si puedes.'}
        </p>
      </div>
      <FormProblem problem={problem} />
      <div className="courier-form__actions">
        <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
          {isSubmitting ? <Spinner size="small" /> : null}
          Confirmar entrega
        </button>
        <button type="button" className="button button--secondary button--block" onClick={onCancel}>
          Volver
        </button>
      </div>
    </form>
  );
}
