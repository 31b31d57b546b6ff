import { RETURN_REASON_MAX, RETURN_REASON_MIN } from '@mandado/shared/return-status';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import '../../components/staff-choice.css';

const TOO_SHORT = `Explica el motivo (al menos ${RETURN_REASON_MIN} caracteres).`;

/**
 * A return's decision that must say why (issue 32): the store refusing it, an operator accepting it anyway.
 * The requester reads the reason, so it is checked for length before sending (10–500, as the API); when the
 * server refuses, its reason shows and what was typed stays. Escape and 'Cancelar' close it.
 */
export function ReturnReasonDialog({
  title,
  label,
  confirmLabel,
  children,
  onConfirm,
  onClose,
}: {
  title: string;
  label: string;
  confirmLabel: string;
  children?: ReactNode;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const ids = useId();
  const fieldId = `${ids}-reason`;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const text = reason.trim();
    if (text.length < RETURN_REASON_MIN) {
      setError(TOO_SHORT);
      document.getElementById(fieldId)?.focus();
      return;
    }
    setError(undefined);
    setProblem(null);
    setBusy(true);
    try {
      await onConfirm(text);
    } catch (failure) {
      setProblem(failureText(failure) ?? 'No pudimos guardarlo. Vuelve a intentarlo.');
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        {children}
        <Field fieldId={fieldId} label={label} required error={error}>
          <textarea
            {...invalidProps(fieldId, error)}
            className={error ? 'input input--invalid staff-textarea' : 'input staff-textarea'}
            rows={3}
            maxLength={RETURN_REASON_MAX}
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
