import { MESSAGES } from '@mandado/shared/messages';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import './staff-choice.css';

interface ReasonDialogProps {
  title: string;
  /** What happens when confirmed, said before the operator confirms. */
  children?: ReactNode;
  label: string;
  confirmLabel: string;
  /** The message when the box is left empty (the API says the same). */
  requiredMessage: string;
  maxLength: number;
  /** Does the action; rejects with the server's answer, which the dialog says and stays open. */
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}

/**
 * A back-office action that needs a reason (issue 19: suspending a store, rejecting an application, locking
 * an account): the reason box, what will happen, and the action's own words. Escape and 'Cancelar' close it.
 */
export function ReasonDialog({
  title,
  children,
  label,
  confirmLabel,
  requiredMessage,
  maxLength,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const ids = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const text = reason.trim();
    if (!text) {
      setError(requiredMessage);
      document.getElementById(`${ids}-reason`)?.focus();
      return;
    }
    setError(undefined);
    setProblem(null);
    setBusy(true);
    try {
      await onConfirm(text);
    } catch (failure) {
      setProblem(failureText(failure) ?? MESSAGES.serverError);
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        {children}
        <Field fieldId={`${ids}-reason`} label={label} required error={error}>
          <textarea
            {...invalidProps(`${ids}-reason`, error)}
            className={error ? 'input input--invalid staff-textarea' : 'input staff-textarea'}
            rows={3}
            maxLength={maxLength}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        <FormProblem problem={problem} />
        <DialogActions confirmLabel={confirmLabel} onCancel={onClose} busy={busy} />
      </form>
    </Dialog>
  );
}
