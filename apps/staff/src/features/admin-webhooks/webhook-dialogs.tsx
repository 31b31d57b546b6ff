import {
  ADMIN_WEBHOOKS_MESSAGES as TEXT,
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
} from '@mandado/shared/admin-webhooks.schemas';
import { MESSAGES } from '@mandado/shared/messages';
import { Dialog } from '@mandado/web-kit/dialog.tsx';
import { DialogActions } from '@mandado/web-kit/dialog-actions.tsx';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { Field, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { CopyButton } from '@mandado/web-kit/orders/copy-button.tsx';
import { type FormEvent, useId, useState } from 'react';
import { createWebhookEndpoint, rotateWebhookSecret } from './admin-webhooks.api.ts';

/** The secret, once, with a copy button: after this dialog closes nobody can read it again. */
function SecretShownOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <div className="webhook-secret">
      <p className="webhook-secret__warning" role="status">
        {TEXT.secretOnce}
      </p>
      <p className="field-label">{TEXT.secretLabel}</p>
      <div className="webhook-secret__row">
        <code className="webhook-secret__value">{secret}</code>
        <CopyButton value={secret} what="el secreto de firma" />
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onDone}>
          {TEXT.close}
        </button>
      </div>
    </div>
  );
}

type Errors = { url?: string; events?: string };

/** 'Nuevo endpoint': the URL and the events; then the secret, shown once in the same dialog. */
export function NewEndpointDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: WebhookEndpointWithSecret) => void;
}) {
  const ids = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['order.paid']);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  function toggle(event: WebhookEvent, on: boolean) {
    setEvents((current) => (on ? [...current, event] : current.filter((item) => item !== event)));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    if (events.length === 0) {
      setErrors({ events: TEXT.eventsRequired });
      return;
    }
    setBusy(true);
    try {
      const created = await createWebhookEndpoint({ url: url.trim(), events });
      setSecret(created.secret);
      onCreated(created);
    } catch (failure) {
      const fields = apiFieldErrors(failure) as Errors;
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setProblem(failureText(failure) ?? MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={TEXT.newEndpoint} onClose={onClose}>
      {secret ? (
        <SecretShownOnce secret={secret} onDone={onClose} />
      ) : (
        <form className="form webhook-form" noValidate onSubmit={(event) => void submit(event)}>
          <Field fieldId={`${ids}-url`} label={TEXT.url} required error={errors.url} hint={TEXT.urlHint}>
            <input
              {...invalidProps(`${ids}-url`, errors.url)}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          </Field>
          <fieldset
            className="webhook-form__events"
            aria-describedby={errors.events ? `${ids}-events-error` : undefined}
          >
            <legend className="field-label field-label--required">{TEXT.events}</legend>
            {WEBHOOK_EVENTS.map((name) => (
              <label key={name} className="webhook-form__option">
                <input
                  type="checkbox"
                  checked={events.includes(name)}
                  onChange={(event) => toggle(name, event.target.checked)}
                />
                <span>
                  {TEXT.eventLabels[name]} <code>{name}</code>
                </span>
              </label>
            ))}
            {errors.events ? (
              <p id={`${ids}-events-error`} className="form__error" role="alert">
                {errors.events}
              </p>
            ) : null}
          </fieldset>
          <FormProblem problem={problem} />
          <DialogActions confirmLabel={TEXT.create} onCancel={onClose} busy={busy} />
        </form>
      )}
    </Dialog>
  );
}

/** 'Cambiar secreto': a confirmation first, then the new secret, shown once. */
export function RotateSecretDialog({
  endpoint,
  onClose,
  onRotated,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onRotated: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  async function rotate() {
    setBusy(true);
    setProblem(null);
    try {
      const rotated = await rotateWebhookSecret(endpoint.id);
      setSecret(rotated.secret);
      onRotated();
    } catch (failure) {
      setProblem(failureText(failure) ?? MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={TEXT.rotate} onClose={onClose}>
      {secret ? (
        <SecretShownOnce secret={secret} onDone={onClose} />
      ) : (
        <div className="webhook-form">
          <p className="webhook-card__url">{endpoint.url}</p>
          <p>{TEXT.rotateConfirm}</p>
          <FormProblem problem={problem} />
          <DialogActions
            confirmLabel={TEXT.rotate}
            onCancel={onClose}
            onConfirm={() => void rotate()}
            busy={busy}
          />
        </div>
      )}
    </Dialog>
  );
}
