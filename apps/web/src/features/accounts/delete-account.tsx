import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@mandado/shared/messages';
import { type AccountDeletion, accountDeletionSchema } from '@mandado/shared/personal-data.schemas';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { Field, PasswordInput } from '@mandado/web-kit/form/form-controls.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../state/app-store.ts';
import { forgetSession } from './account-session.ts';
import { deleteAccount } from './accounts.api.ts';

/**
 * 'Eliminar mi cuenta' (issue 32, Ley 18.331 art. 15): what is erased and what is kept, then the password in a
 * dialog. A refusal (an order in course, a wrong password) stays in the dialog with the server's reason and the
 * typed password; a deletion forgets the session here too and goes home.
 */
export function DeleteAccount() {
  const ids = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="account-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="account-card__title">
        Eliminar mi cuenta
      </h2>
      <p>
        Borramos tus datos personales, tus beneficiarios y tus tarjetas guardadas, y cerramos tu sesión en
        todos tus dispositivos. Tus pedidos quedan guardados sin tus datos, porque la ley nos pide
        conservarlos.
      </p>
      <div className="account-card__actions">
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          Eliminar mi cuenta
        </button>
      </div>
      {open ? <DeleteAccountDialog onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccountDeletion>({
    resolver: zodResolver(accountDeletionSchema),
    defaultValues: { password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const answer = await deleteAccount(values);
      onClose();
      navigate('/');
      forgetSession(queryClient);
      useAppStore.getState().notify({ kind: 'success', title: 'Cuenta eliminada', message: answer.detail });
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (fields.password)
        setError('password', { type: 'server', message: fields.password }, { shouldFocus: true });
      else setProblem(failureText(error) ?? MESSAGES.serverError);
    }
  });

  return (
    <Dialog title="¿Eliminar tu cuenta?" onClose={onClose}>
      <form className="form" noValidate onSubmit={submit}>
        <p className="dialog__text">
          No se puede deshacer. Escribe tu contraseña para confirmar que eres tú.
        </p>
        <Field fieldId={`${ids}-password`} label="Contraseña" required error={errors.password?.message}>
          <PasswordInput
            fieldId={`${ids}-password`}
            error={errors.password?.message}
            registration={register('password')}
            autoComplete="current-password"
          />
        </Field>
        {problem ? (
          <p className="form__alert" role="alert">
            {problem}
          </p>
        ) : null}
        <DialogActions confirmLabel="Eliminar mi cuenta" onCancel={onClose} busy={isSubmitting} />
      </form>
    </Dialog>
  );
}
