import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useState } from 'react';
import { pauseChoiceHint } from './availability-text.ts';
import { PAUSE_CHOICES, type PauseChoice, pauseUntil } from './availability-time.ts';

interface PauseDialogProps {
  /** Pauses until the instant; rejects with the server's refusal. */
  onPause: (until: string) => Promise<void>;
  onClose: () => void;
}

/**
 * 'Pausar ahora': one tap on how long. Each choice says when the store reopens by itself; the instant is
 * counted at the tap, so '30 min' is thirty minutes from then. A refusal stays in the dialog with its reason.
 */
export function PauseDialog({ onPause, onClose }: PauseDialogProps) {
  const [opened] = useState(() => new Date());
  const [saving, setSaving] = useState<PauseChoice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(choice: PauseChoice) {
    setSaving(choice);
    setProblem(null);
    try {
      await onPause(pauseUntil(choice, new Date()));
    } catch (error) {
      setProblem(failureText(error) ?? 'No pudimos pausar tu tienda. Intenta de nuevo.');
      setSaving(null);
    }
  }

  return (
    <Dialog title="¿Por cuánto tiempo pausas los pedidos?" variant="sheet" onClose={onClose}>
      <p className="dialog__text">
        Mientras tanto, los clientes ven tu tienda como «Pausada» y no pueden agregar tus productos. Los
        pedidos que ya recibiste siguen en tu bandeja.
      </p>
      <ul className="pause-choices">
        {PAUSE_CHOICES.map((choice) => (
          <li key={choice.key}>
            <button
              type="button"
              className="pause-choice"
              disabled={saving !== null}
              onClick={() => void choose(choice.key)}
            >
              <span className="pause-choice__label">{choice.label}</span>{' '}
              <span className="pause-choice__hint">{pauseChoiceHint(pauseUntil(choice.key, opened))}</span>
              {saving === choice.key ? <Spinner size="small" /> : null}
            </button>
          </li>
        ))}
      </ul>
      <FormProblem problem={problem} />
    </Dialog>
  );
}
