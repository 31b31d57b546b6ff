import { SUPPORT_REPLY_MAX_LENGTH } from '@mandado/shared/admin-support.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { type FormEvent, useId, useState } from 'react';

interface ReplyDialogProps {
  /** The item's title, quoted in the dialog's heading. */
  title: string;
  /** Where the answer goes. */
  email: string;
  /** Sends it; rejects with the server's answer. */
  onSend: (body: string) => Promise<void>;
  onClose: () => void;
}

/**
 * 'Responder': the answer goes by e-mail to the address the person gave, with Reply-To our support address,
 * and sending it marks the item resolved (the server does both at once).
 */
export function ReplyDialog({ title, email, onSend, onClose }: ReplyDialogProps) {
  const fieldId = useId();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!body.trim()) {
      setProblem('Escribe la respuesta antes de enviarla.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onSend(body);
    } catch (error) {
      setProblem(failureText(error) ?? MESSAGES.serverError);
      setBusy(false);
    }
  }

  return (
    <Dialog title={`Responder: ${title}`} onClose={onClose} variant="wide">
      <form className="support-reply" onSubmit={(event) => void submit(event)} noValidate>
        <p className="dialog__text">
          Le llega a <strong>{email}</strong>. Si contesta, su respuesta llega al correo de soporte. Al
          enviarla, lo marcamos como resuelto.
        </p>
        <div className="form__field">
          <label className="field-label field-label--required" htmlFor={fieldId}>
            Respuesta
          </label>
          <textarea
            id={fieldId}
            className="input support-reply__text"
            rows={8}
            maxLength={SUPPORT_REPLY_MAX_LENGTH}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            required
          />
        </div>
        <FormProblem problem={problem} />
        <DialogActions confirmLabel="Enviar respuesta" onCancel={onClose} busy={busy} />
      </form>
    </Dialog>
  );
}
