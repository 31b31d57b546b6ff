import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@mandado/shared/messages';
import { STORE_MEMBER_ROLES } from '@mandado/shared/permissions';
import { type StoreInvitationInput, storeInvitationInputSchema } from '@mandado/shared/store-members.schemas';
import { ApiError } from '@mandado/web-kit/api-client.ts';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { EmailInput, Field, FieldError, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ROLE_HINTS } from './role-text.ts';
import { inviteMember, teamKey } from './team.api.ts';
import { roleLabel } from './team-text.ts';
import '../../components/staff-choice.css';

type InviteValues = z.input<typeof storeInvitationInputSchema>;

/**
 * 'Invitar' (issue 18): an e-mail and a role, checked with the API's own schema. The server e-mails a link
 * that works for 7 days; an address already in the team is refused (409) under the e-mail box. After a send
 * the form empties for the next person, the role kept (an owner often invites several of the staff).
 */
export function InviteForm({ storeId }: { storeId: number }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues, unknown, StoreInvitationInput>({
    resolver: zodResolver(storeInvitationInputSchema),
    defaultValues: { email: '', role: 'staff' },
  });

  const submit = handleSubmit(async (input) => {
    setProblem(null);
    try {
      await inviteMember(storeId, input);
      notify({ kind: 'success', title: 'Invitación enviada', message: `Le escribimos a ${input.email}.` });
      reset({ email: '', role: getValues('role') });
      await queryClient.invalidateQueries({ queryKey: teamKey(storeId) });
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (error instanceof ApiError && error.status === 409) {
        setError('email', { message: error.message }, { shouldFocus: true });
      } else if (fields.email) {
        setError('email', { message: fields.email }, { shouldFocus: true });
      } else if (fields.role) {
        setError('role', { message: fields.role });
      } else {
        setProblem(failureText(error) ?? MESSAGES.serverError);
      }
    }
  });

  return (
    <form className="form team-invite" noValidate onSubmit={submit}>
      <Field fieldId={`${ids}-email`} label="Correo electrónico" required error={errors.email?.message}>
        <EmailInput fieldId={`${ids}-email`} error={errors.email?.message} registration={register('email')} />
      </Field>
      <fieldset
        className="staff-choice"
        aria-describedby={errors.role ? `${ids}-role-error` : undefined}
        aria-invalid={errors.role ? true : undefined}
      >
        <legend className="staff-choice__legend field-label field-label--required">Rol</legend>
        {STORE_MEMBER_ROLES.map((role) => (
          <label key={role} className="staff-choice__option">
            {/* Named by the role alone, its line read as the description ('Personal', then what it can do). */}
            <input
              type="radio"
              value={role}
              aria-labelledby={`${ids}-${role}-name`}
              aria-describedby={`${ids}-${role}-hint`}
              {...register('role')}
            />
            <span className="team-invite__role">
              <span id={`${ids}-${role}-name`} className="team-invite__role-name">
                {roleLabel(role)}
              </span>
              <span id={`${ids}-${role}-hint`} className="staff-choice__hint">
                {ROLE_HINTS[role]}
              </span>
            </span>
          </label>
        ))}
        <FieldError fieldId={`${ids}-role`} message={errors.role?.message} />
      </fieldset>
      <FormProblem problem={problem} />
      <button type="submit" className="button button--primary team-invite__send" disabled={isSubmitting}>
        {isSubmitting ? <Spinner size="small" /> : null}
        Enviar invitación
      </button>
    </form>
  );
}
