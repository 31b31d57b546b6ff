import { zodResolver } from '@hookform/resolvers/zod';
import { type RemitterUpdate, remitterUpdateSchema, type User } from '@mandado/shared/account.schemas';
import { apiFieldErrors } from '@mandado/web-kit/form/api-form-errors.ts';
import { NameFields } from '@mandado/web-kit/form/form-controls.tsx';
import { PhoneField } from '@mandado/web-kit/form/phone-field.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

type ContactValues = z.input<typeof remitterUpdateSchema>;

const CONTACT_FIELDS = ['first_name', 'last_name', 'phone_number'] as const;

function isContactField(field: string): field is (typeof CONTACT_FIELDS)[number] {
  return (CONTACT_FIELDS as readonly string[]).includes(field);
}

interface ContactStepProps {
  user: User;
  /** `PUT /v1/users/update/remitter/` (the accounts feature's call, passed in by the app). */
  save: (values: RemitterUpdate) => Promise<unknown>;
  pending: boolean;
  onDone: () => void;
}

/** 'Contacto': the remitter's name and phone; a failed save keeps what was typed and shows the field errors. */
export function ContactStep({ user, save, pending, onDone }: ContactStepProps) {
  const ids = useId();
  const fieldId = (name: keyof ContactValues) => `${ids}-${name}`;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<ContactValues, unknown, RemitterUpdate>({
    resolver: zodResolver(remitterUpdateSchema),
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      phone_number: user.phone_number,
    },
  });

  const submit = handleSubmit(async (values) => {
    // Nothing changed: no call, no "Datos guardados" notice, straight on.
    if (!isDirty) {
      onDone();
      return;
    }
    try {
      await save(values);
      onDone();
    } catch (error) {
      for (const [field, message] of Object.entries(apiFieldErrors(error))) {
        if (isContactField(field)) setError(field, { type: 'server', message });
      }
    }
  });

  return (
    <section className="checkout-panel" aria-labelledby="checkout-contact-title">
      <h2 id="checkout-contact-title" className="checkout-panel__title">
        Contacto
      </h2>
      <p className="checkout-panel__lead">
        Tus datos como remitente. Compras como <strong>{user.email}</strong>.
      </p>
      <form className="form" noValidate onSubmit={submit}>
        <NameFields
          firstName={{
            fieldId: fieldId('first_name'),
            error: errors.first_name?.message,
            registration: register('first_name'),
          }}
          lastName={{
            fieldId: fieldId('last_name'),
            error: errors.last_name?.message,
            registration: register('last_name'),
          }}
        />
        <PhoneField control={control} name="phone_number" fieldId={fieldId('phone_number')} />
        <div className="checkout-panel__actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? <Spinner size="small" /> : null}
            Continuar
          </button>
        </div>
      </form>
    </section>
  );
}
