import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@mandado/shared/account.schemas';
import {
  type ContactMessage,
  type ContactMessageInput,
  contactMessageSchema,
  HELP_MESSAGES,
} from '@mandado/shared/help.schemas';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { EmailInput, Field } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { sendContactMessage } from './help.api.ts';
import { HelpFormStatus } from './help-form-status.tsx';
import { useHelpFormSend } from './use-help-form-send.ts';

const CONTACT_FIELDS = ['name', 'email', 'phone', 'subject', 'comments'] as const;

/** A logged-in remitter does not type who they are again (issue 11). */
function defaultsFor(user: User | null): ContactMessageInput {
  return {
    name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
    email: user?.email ?? '',
    phone: user?.phone_number ?? '',
    subject: '',
    comments: '',
  };
}

/** Spec §3/§5 Contact form: phone, name, comments, e-mail and subject, all required; `POST /contact-us-email/`. */
export function ContactForm() {
  const user = useQuery({ ...whoamiQueryOptions(), select: (body) => body.whoami }).data ?? null;
  // Keyed by account so a login or logout while the overlay is open fills or clears the identity fields.
  return <ContactFormFields key={user?.user_account_id ?? 'visitor'} user={user} />;
}

function ContactFormFields({ user }: { user: User | null }) {
  const ids = useId();
  const fieldId = (name: keyof ContactMessageInput) => `${ids}-${name}`;
  const form = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: defaultsFor(user),
  });
  const {
    register,
    formState: { errors },
  } = form;
  const { submit, outcome, pending } = useHelpFormSend({
    form,
    send: sendContactMessage,
    fields: CONTACT_FIELDS,
    sent: (answer) => ({ title: answer.detail || HELP_MESSAGES.contactSent }),
    clearedValues: () => defaultsFor(user),
  });

  return (
    <form className="form help-form" noValidate onSubmit={submit} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="help-view__title">
        Contáctanos
      </h3>
      <p className="help-view__intro">
        Escríbenos y te respondemos por correo electrónico. Si es por un pedido, incluye su número.
      </p>
      <Field fieldId={fieldId('name')} label="Nombre" required error={errors.name?.message}>
        <input
          {...invalidProps(fieldId('name'), errors.name?.message)}
          type="text"
          autoComplete="name"
          {...register('name')}
        />
      </Field>
      <Field fieldId={fieldId('email')} label="Correo electrónico" required error={errors.email?.message}>
        <EmailInput
          fieldId={fieldId('email')}
          error={errors.email?.message}
          registration={register('email')}
        />
      </Field>
      <Field fieldId={fieldId('phone')} label="Teléfono" required error={errors.phone?.message}>
        <input
          {...invalidProps(fieldId('phone'), errors.phone?.message)}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...register('phone')}
        />
      </Field>
      <Field fieldId={fieldId('subject')} label="Asunto" required error={errors.subject?.message}>
        <input
          {...invalidProps(fieldId('subject'), errors.subject?.message)}
          type="text"
          {...register('subject')}
        />
      </Field>
      <Field fieldId={fieldId('comments')} label="Comentarios" required error={errors.comments?.message}>
        <textarea
          {...invalidProps(fieldId('comments'), errors.comments?.message)}
          className={
            errors.comments ? 'input input--invalid help-form__textarea' : 'input help-form__textarea'
          }
          rows={5}
          {...register('comments')}
        />
      </Field>
      <HelpFormStatus outcome={outcome} />
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? <Spinner size="small" /> : null}
        Enviar mensaje
      </button>
    </form>
  );
}
