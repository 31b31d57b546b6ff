import type { HelpSent } from '@mandado/shared/help.schemas';
import { HELP_MESSAGES } from '@mandado/shared/help.schemas';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useAppStore } from '../../state/app-store.ts';
import type { HelpFormOutcome } from './help-form-status.tsx';

/**
 * What the help forms share when they send (issue 11): success shows the notification and the in-dialog
 * status and clears the form; a failure shows 'Algo salió mal' with the server's text, puts 400 field
 * errors under their fields and keeps every value as typed. (Toasts sit under the modal dialog, hence the
 * status inside it too.)
 */
export function useHelpFormSend<Input extends FieldValues, Output>(options: {
  form: Pick<UseFormReturn<Input, unknown, Output>, 'handleSubmit' | 'reset' | 'setError'>;
  send: (values: Output) => Promise<HelpSent>;
  fields: readonly Path<Input>[];
  sent: (answer: HelpSent) => { title: string; text?: string };
  clearedValues: () => Input;
}) {
  const notify = useAppStore((state) => state.notify);
  const [outcome, setOutcome] = useState<HelpFormOutcome | null>(null);
  const { form } = options;
  const mutation = useMutation({
    mutationFn: options.send,
    onSuccess: (answer) => {
      const { title, text } = options.sent(answer);
      notify({ kind: 'success', title, ...(text === undefined ? {} : { message: text }) });
      setOutcome({ kind: 'sent', title, ...(text === undefined ? {} : { text }) });
      form.reset(options.clearedValues());
    },
    onError: (error) => {
      for (const [field, message] of Object.entries(apiFieldErrors(error))) {
        const known = options.fields.find((name) => name === field);
        if (known) form.setError(known, { type: 'server', message });
      }
      notify({ kind: 'error', title: HELP_MESSAGES.contactFailed, message: failureText(error) });
      setOutcome({ kind: 'failed', error });
    },
  });
  const submit = form.handleSubmit((values) => {
    setOutcome(null);
    mutation.mutate(values);
  });
  return { submit, outcome, pending: mutation.isPending };
}
