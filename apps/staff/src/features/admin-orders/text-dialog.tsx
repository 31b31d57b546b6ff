import { MESSAGES } from '@mandado/shared/messages';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { type FormEvent, type ReactNode, useId, useState } from 'react';

interface TextDialogProps {
  title: string;
  label: string;
  confirmLabel: string;
  /** Said when the field is sent empty. */
  emptyProblem: string;
  maxLength: number;
  multiline?: boolean;
  children?: ReactNode;
  /** Sends it; rejects with the server's answer, said in the dialog, which stays open. */
  onSubmit: (text: string) => Promise<void>;
  onClose: () => void;
}

/** One text to write and send: 'Agregar nota' and 'Cancelar pedido' (its reason). */
export function TextDialog({
  title,
  label,
  confirmLabel,
  emptyProblem,
  maxLength,
  multiline = false,
  children,
  onSubmit,
  onClose,
}: TextDialogProps) {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setProblem(emptyProblem);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onSubmit(text.trim());
    } catch (error) {
      setProblem(failureText(error) ?? MESSAGES.serverError);
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="order-dialog" onSubmit={(event) => void submit(event)} noValidate>
        {children}
        <div className="form__field">
          <label className="field-label field-label--required" htmlFor={fieldId}>
            {label}
          </label>
          {multiline ? (
            <textarea
              id={fieldId}
              className="input order-dialog__text"
              rows={5}
              maxLength={maxLength}
              value={text}
              onChange={(event) => setText(event.target.value)}
              required
            />
          ) : (
            <input
              id={fieldId}
              className="input"
              maxLength={maxLength}
              value={text}
              onChange={(event) => setText(event.target.value)}
              required
            />
          )}
        </div>
        <FormProblem problem={problem} />
        <DialogActions confirmLabel={confirmLabel} onCancel={onClose} busy={busy} cancelLabel="Volver" />
      </form>
    </Dialog>
  );
}
