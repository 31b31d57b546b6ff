import { zodResolver } from '@hookform/resolvers/zod';
import {
  HELP_MESSAGES,
  SUGGESTION_CATEGORIES,
  SUGGESTION_CATEGORY_LABELS,
  type Suggestion,
  suggestionSchema,
} from '@mandado/shared/help.schemas';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { EmailInput, Field } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { whoamiQueryOptions } from '@mandado/web-kit/whoami-query.ts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { sendSuggestion } from './help.api.ts';
import { HelpFormStatus } from './help-form-status.tsx';
import { useHelpFormSend } from './use-help-form-send.ts';

const SUGGESTION_FIELDS = ['category', 'nameProduct', 'description', 'mail'] as const;

/** The select starts on its '' placeholder: any string in, and the shared enum turns '' into 'Campo requerido'. */
const suggestionFormSchema = suggestionSchema.extend({
  category: z.string().pipe(suggestionSchema.shape.category),
});
type SuggestionValues = z.input<typeof suggestionFormSchema>;

function defaultsFor(email: string): SuggestionValues {
  return { category: '', nameProduct: '', description: '', mail: email };
}

/** Spec §3/§5 Suggestion form: category, product name, description, e-mail; `POST /suggestions/` (issue 11). */
export function SuggestionForm() {
  const email = useQuery({ ...whoamiQueryOptions(), select: (body) => body.whoami?.email ?? '' }).data ?? '';
  return <SuggestionFormFields key={email || 'visitor'} email={email} />;
}

function SuggestionFormFields({ email }: { email: string }) {
  const ids = useId();
  const fieldId = (name: keyof SuggestionValues) => `${ids}-${name}`;
  const form = useForm<SuggestionValues, unknown, Suggestion>({
    resolver: zodResolver(suggestionFormSchema),
    defaultValues: defaultsFor(email),
  });
  const {
    register,
    formState: { errors },
  } = form;
  const { submit, outcome, pending } = useHelpFormSend({
    form,
    send: sendSuggestion,
    fields: SUGGESTION_FIELDS,
    sent: (answer) => ({
      title: HELP_MESSAGES.suggestionSentTitle,
      text: answer.detail || HELP_MESSAGES.suggestionSent,
    }),
    clearedValues: () => defaultsFor(email),
  });

  return (
    <form className="form help-form" noValidate onSubmit={submit} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="help-view__title">
        Sugiere un producto
      </h3>
      <p className="help-view__intro">
        ¿No encuentras lo que buscas? Cuéntanos qué producto te gustaría comprar y en qué tipo de tienda.
      </p>
      <Field fieldId={fieldId('category')} label="Categoría" required error={errors.category?.message}>
        <select {...invalidProps(fieldId('category'), errors.category?.message)} {...register('category')}>
          <option value="">Elige una categoría</option>
          {SUGGESTION_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {SUGGESTION_CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        fieldId={fieldId('nameProduct')}
        label="Nombre del producto"
        required
        error={errors.nameProduct?.message}
      >
        <input
          {...invalidProps(fieldId('nameProduct'), errors.nameProduct?.message)}
          type="text"
          {...register('nameProduct')}
        />
      </Field>
      <Field
        fieldId={fieldId('description')}
        label="Descripción"
        required
        error={errors.description?.message}
      >
        <textarea
          {...invalidProps(fieldId('description'), errors.description?.message)}
          className={
            errors.description ? 'input input--invalid help-form__textarea' : 'input help-form__textarea'
          }
          rows={4}
          {...register('description')}
        />
      </Field>
      <Field fieldId={fieldId('mail')} label="Correo electrónico" required error={errors.mail?.message}>
        <EmailInput fieldId={fieldId('mail')} error={errors.mail?.message} registration={register('mail')} />
      </Field>
      <HelpFormStatus outcome={outcome} />
      <button type="submit" className="button button--primary button--block" disabled={pending}>
        {pending ? <Spinner size="small" /> : null}
        Enviar sugerencia
      </button>
    </form>
  );
}
