import { HELP_MESSAGES } from '@mandado/shared/help.schemas';
import { failureText } from '@mandado/web-kit/form/api-form-errors.ts';

export type HelpFormOutcome =
  | { kind: 'sent'; title: string; text?: string }
  | { kind: 'failed'; error: unknown };

/**
 * The answer shown inside the overlay: the toaster sits under the modal dialog (inert, behind the backdrop),
 * so the form says it itself, where the focus and the screen reader are.
 */
export function HelpFormStatus({ outcome }: { outcome: HelpFormOutcome | null }) {
  if (outcome === null) return <div role="status" className="help-form__status" />;
  if (outcome.kind === 'sent') {
    return (
      <div role="status" className="help-form__status help-form__status--sent">
        <p className="help-form__status-title">{outcome.title}</p>
        {outcome.text ? <p>{outcome.text}</p> : null}
      </div>
    );
  }
  const text = failureText(outcome.error);
  return (
    <div role="alert" className="help-form__status help-form__status--failed">
      <p className="help-form__status-title">{HELP_MESSAGES.contactFailed}</p>
      {text ? <p>{text}</p> : null}
    </div>
  );
}
