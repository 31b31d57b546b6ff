import type { SupportAssigneeList } from '@mandado/shared/admin-support.schemas';
import { dateTimeText } from '@mandado/shared/date-text';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useId } from 'react';
import { operatorName, type SupportCardItem } from './support-text.ts';

interface SupportCardProps {
  item: SupportCardItem;
  assignees: SupportAssigneeList['results'] | undefined;
  /** The operator may assign, answer and resolve (support:handle); otherwise the card only reads. */
  canHandle: boolean;
  busy: boolean;
  onAssign: (userId: number | null) => void;
  onHandled: (handled: boolean) => void;
  onReply: () => void;
}

/** One message, suggestion or city request: what was written, its state, the answers sent, and the actions. */
export function SupportCard({
  item,
  assignees,
  canHandle,
  busy,
  onAssign,
  onHandled,
  onReply,
}: SupportCardProps) {
  const ids = useId();
  const me = assignees?.find((person) => person.you);
  return (
    <li className="support-card" aria-labelledby={`${ids}-title`}>
      <div className="support-card__head">
        <h3 id={`${ids}-title`} className="support-card__title">
          {item.title}
        </h3>
        {item.handled ? (
          <span className="badge support-badge--done">Resuelto</span>
        ) : (
          <span className="badge support-badge--open">Sin resolver</span>
        )}
      </div>
      <p className="support-card__meta">{dateTimeText(item.created)}</p>
      {item.details.map((line) => (
        <p key={line} className="support-card__meta">
          {line}
        </p>
      ))}
      {item.text ? <p className="support-card__text">{item.text}</p> : null}
      {item.replies.length > 0 ? (
        <ul className="support-card__replies" aria-label="Respuestas enviadas">
          {item.replies.map((reply) => (
            <li key={reply.id} className="support-reply-sent">
              <p className="support-card__meta">
                {reply.author ? operatorName(reply.author) : 'Alguien del equipo'} respondió el{' '}
                {dateTimeText(reply.created)}
              </p>
              <p className="support-card__text">{reply.body}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Who has it is said once: by the 'Asignado a' select when the operator may change it. */}
      {(item.handled && item.handledBy) || !canHandle ? (
        <p className="support-card__meta">
          {item.handled && item.handledBy
            ? `Resuelto por ${operatorName(item.handledBy)} el ${dateTimeText(item.handled)}. `
            : null}
          {canHandle
            ? null
            : item.assignedTo
              ? `Asignado a ${operatorName(item.assignedTo)}.`
              : 'Sin asignar.'}
        </p>
      ) : null}
      {canHandle ? (
        <div className="support-card__actions">
          <div className="support-card__assign">
            <label className="field-label" htmlFor={`${ids}-assignee`}>
              Asignado a
            </label>
            <select
              id={`${ids}-assignee`}
              className="select"
              value={item.assignedTo?.user_id ?? ''}
              disabled={busy || !assignees}
              onChange={(event) => onAssign(event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">Nadie</option>
              {(assignees ?? []).map((person) => (
                <option key={person.user_id} value={person.user_id}>
                  {person.you ? `${operatorName(person)} (tú)` : operatorName(person)}
                </option>
              ))}
            </select>
          </div>
          {me && item.assignedTo?.user_id !== me.user_id ? (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busy}
              onClick={() => onAssign(me.user_id)}
            >
              Asignarme<span className="visually-hidden"> «{item.title}»</span>
            </button>
          ) : null}
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            onClick={onReply}
          >
            Responder<span className="visually-hidden"> «{item.title}»</span>
          </button>
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            onClick={() => onHandled(!item.handled)}
          >
            {busy ? <Spinner size="small" /> : null}
            {item.handled ? 'Marcar como sin resolver' : 'Marcar como resuelto'}
            <span className="visually-hidden"> «{item.title}»</span>
          </button>
        </div>
      ) : null}
    </li>
  );
}
