import { zodResolver } from '@hookform/resolvers/zod';
import { type RemitterUpdate, remitterUpdateSchema, type User } from '@mandado/shared/account.schemas';
import { apiFieldErrors } from '@mandado/web-kit/form/api-form-errors.ts';
import { NameFields } from '@mandado/web-kit/form/form-controls.tsx';
import { PhoneField } from '@mandado/web-kit/form/phone-field.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useUpdateRemitter } from './use-update-remitter.ts';
import './accounts.css';

type RemitterValues = z.input<typeof remitterUpdateSchema>;

const EDITABLE_FIELDS = ['first_name', 'last_name', 'phone_number'] as const;

function isEditableField(field: string): field is (typeof EDITABLE_FIELDS)[number] {
  return (EDITABLE_FIELDS as readonly string[]).includes(field);
}

/** Spec §3 Remitter on the account page: the details, and 'Editar' for name, last name and phone. */
export function AccountDetails({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <AccountDetailsForm user={user} onDone={() => setEditing(false)} />;
  return (
    <section className="account-card" aria-labelledby="account-details-title">
      <div className="account-card__header">
        <h2 id="account-details-title" className="account-card__title">
          Mis datos
        </h2>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setEditing(true)}
        >
          Editar
        </button>
      </div>
      <dl className="account-details">
        <div>
          <dt>Nombre</dt>
          <dd>{user.first_name}</dd>
        </div>
        <div>
          <dt>Apellido</dt>
          <dd>{user.last_name}</dd>
        </div>
        <div>
          <dt>Correo electrónico</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Teléfono</dt>
          <dd>{user.phone_number}</dd>
        </div>
      </dl>
    </section>
  );
}

function AccountDetailsForm({ user, onDone }: { user: User; onDone: () => void }) {
  const ids = useId();
  const fieldId = (name: keyof RemitterValues) => `${ids}-${name}`;
  const mutation = useUpdateRemitter();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RemitterValues, unknown, RemitterUpdate>({
    resolver: zodResolver(remitterUpdateSchema),
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      phone_number: user.phone_number,
    },
  });

  const submit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        for (const [field, message] of Object.entries(apiFieldErrors(error))) {
          if (isEditableField(field)) setError(field, { type: 'server', message });
        }
      },
    }),
  );

  return (
    <section className="account-card" aria-labelledby="account-edit-title">
      <h2 id="account-edit-title" className="account-card__title">
        Editar mis datos
      </h2>
      <form className="form auth-form" noValidate onSubmit={submit}>
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
        <div className="account-card__actions">
          <button type="button" className="button button--secondary" onClick={onDone}>
            Cancelar
          </button>
          <button type="submit" className="button button--primary" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner size="small" /> : null}
            Guardar
          </button>
        </div>
      </form>
    </section>
  );
}
