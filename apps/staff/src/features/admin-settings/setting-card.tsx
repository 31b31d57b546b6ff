import type { AdminSetting } from '@mandado/shared/admin-settings.schemas';
import { dateTimeText } from '@mandado/shared/date-text';
import { MESSAGES } from '@mandado/shared/messages';
import { apiFieldErrors, failureText } from '@mandado/web-kit/form/api-form-errors.ts';
import { invalidProps } from '@mandado/web-kit/form/field-a11y.ts';
import { FieldError, FormProblem } from '@mandado/web-kit/form/form-controls.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { SETTINGS_KEY, saveSetting, settingHistoryQueryOptions } from './admin-settings.api.ts';
import { boundsText, epochToLocalInput, localInputToEpoch, settingValueText } from './setting-text.ts';

/**
 * One setting: its label, what it is, its limits and a form that saves it alone (the registry validates it
 * again on the server, whose Spanish reason shows under the field). 'Historial' lists its changes, who made
 * them and when. Without admin:manage the value is shown, not offered for editing.
 */
export function SettingCard({ setting, canEdit }: { setting: AdminSetting; canEdit: boolean }) {
  const ids = useId();
  const fieldId = `${ids}-value`;
  const queryClient = useQueryClient();
  const initial = setting.type === 'epoch' ? epochToLocalInput(setting.value) : setting.value;
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Issue 31: the confirmation stays beside the field (a toast is gone in seconds, and far from the field).
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const hint = [setting.description, boundsText(setting)].filter(Boolean).join(' ');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    setProblem(null);
    setSavedAt(null);
    setBusy(true);
    try {
      const value = setting.type === 'epoch' ? localInputToEpoch(draft) : draft;
      const saved = await saveSetting(setting.key, value);
      setDraft(saved.type === 'epoch' ? epochToLocalInput(saved.value) : saved.value);
      setSavedAt(new Date());
      notify({
        kind: 'success',
        title: 'Ajuste guardado',
        message: `${saved.label}: ${settingValueText(saved, saved.value)}`,
      });
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    } catch (failure) {
      const field = apiFieldErrors(failure).value;
      if (field) setError(field);
      else setProblem(failureText(failure) ?? MESSAGES.serverError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="setting-card" aria-labelledby={`${ids}-label`}>
      {canEdit ? (
        <form className="setting-card__form" noValidate onSubmit={(event) => void submit(event)}>
          <label id={`${ids}-label`} className="field-label setting-card__label" htmlFor={fieldId}>
            {setting.label}
          </label>
          <p id={`${ids}-hint`} className="form__hint">
            {hint}
          </p>
          <div className="setting-card__row">
            <input
              {...invalidProps(fieldId, error, `${ids}-hint`)}
              type={setting.type === 'epoch' ? 'datetime-local' : setting.type === 'email' ? 'email' : 'text'}
              inputMode={
                setting.type === 'money' || setting.type === 'percent'
                  ? 'decimal'
                  : setting.type === 'integer'
                    ? 'numeric'
                    : setting.type === 'whatsapp'
                      ? 'tel'
                      : undefined
              }
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                setSavedAt(null);
              }}
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? <Spinner size="small" /> : null}
              Guardar
            </button>
          </div>
          <FieldError fieldId={fieldId} message={error} />
          <FormProblem problem={problem} />
          <p className="setting-card__saved" role="status">
            {savedAt ? `Guardado el ${dateTimeText(savedAt.toISOString())}.` : ''}
          </p>
        </form>
      ) : (
        <div className="setting-card__form">
          <p id={`${ids}-label`} className="field-label setting-card__label">
            {setting.label}
          </p>
          <p className="form__hint">{hint}</p>
          <p className="setting-card__value">{settingValueText(setting, setting.value)}</p>
        </div>
      )}
      <button
        type="button"
        className="button button--ghost setting-card__history-toggle"
        aria-expanded={historyOpen}
        aria-controls={`${ids}-history`}
        onClick={() => setHistoryOpen((open) => !open)}
      >
        {historyOpen ? 'Ocultar el historial' : 'Ver el historial'}
      </button>
      <div id={`${ids}-history`} hidden={!historyOpen}>
        {historyOpen ? <SettingHistory setting={setting} /> : null}
      </div>
    </article>
  );
}

function SettingHistory({ setting }: { setting: AdminSetting }) {
  const history = useQuery(settingHistoryQueryOptions(setting.key));
  if (history.isPending) return <Spinner label="Cargando el historial" />;
  if (history.isError) return <p className="form__alert">{history.error.message}</p>;
  if (history.data.length === 0) {
    return (
      <p className="setting-card__empty">Sin cambios todavía: rige el valor por defecto o el inicial.</p>
    );
  }
  return (
    <ol className="setting-history">
      {history.data.map((change) => (
        <li key={change.id} className="setting-history__item">
          <span className="setting-history__when">{dateTimeText(change.at)}</span>
          <span className="setting-history__who">{change.by ?? 'Cuenta eliminada'}</span>
          <span className="setting-history__change">
            {settingValueText(setting, change.before)} → {settingValueText(setting, change.after)}
          </span>
        </li>
      ))}
    </ol>
  );
}
