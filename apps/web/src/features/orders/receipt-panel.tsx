import type { Tracking } from '@mandado/shared/checkout.schemas';
import { dayMonthAndTimeText } from '@mandado/shared/date-text';
import type { Receipt } from '@mandado/shared/receipt.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { answerReceipt, uploadClaimPhoto } from './receipt.api.ts';
import './receipt.css';

type TrackedStore = Tracking['stores'][number];

/** The family's own words for what they answered (the remitter reads the receipt's `text`). */
function familyText(receipt: Receipt): string | null {
  if (receipt.status === 'awaiting' || receipt.at === null) return null;
  const when = dayMonthAndTimeText(receipt.at);
  if (receipt.status === 'received') {
    return receipt.automatic
      ? 'Pasaron 48 horas desde la entrega: el pedido cuenta como recibido.'
      : `Confirmaste que recibiste todo el ${when}. ¡Gracias!`;
  }
  const what = receipt.missing.map((line) => `${line.name} (${line.quantity})`).join(', ');
  return receipt.status === 'claimed'
    ? `Avisaste el ${when} que falta: ${what}. Mandado lo revisa y quien te lo envió recibe la devolución.`
    : `Avisaste el ${when} que faltaba: ${what}. Ya lo resolvimos con quien te lo envió.`;
}

/**
 * After delivery (issue 29): 'Recibí todo', or 'Falta algo' with the products and units that did not arrive
 * and an optional note; one answer, within 48 hours. The server's reason shows as it comes when it refuses
 * (answered already, too late), and the page then reads the receipt again.
 */
export function ReceiptPanel({ token, store }: { token: string; store: TrackedStore }) {
  const receipt = store.receipt;
  const queryClient = useQueryClient();
  const [claiming, setClaiming] = useState(false);
  const [picked, setPicked] = useState<Record<number, number>>({});
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();
  const answer = useMutation({
    // The photo goes first (the server checks it by content and keeps it under this order), then the answer
    // that names it: a refused photo leaves nothing answered, and the family can try another or none.
    mutationFn: async (body: Parameters<typeof answerReceipt>[2]) => {
      if (body.answer === 'missing' && photo) {
        const photoId = await uploadClaimPhoto(token, store.number, photo);
        return answerReceipt(token, store.number, { ...body, photo_id: photoId });
      }
      return answerReceipt(token, store.number, body);
    },
    onSuccess: () => setProblem(null),
    onError: (error) => setProblem(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tracking', token] }),
  });
  if (!receipt) return null;
  const titleId = `${formId}-title`;
  const answered = familyText(receipt);
  if (answered) {
    return (
      <section className="receipt" aria-labelledby={titleId}>
        <h3 id={titleId} className="receipt__title">
          Tu respuesta
        </h3>
        <p className="receipt__done" role="status">
          {answered}
        </p>
      </section>
    );
  }

  function submitClaim(event: FormEvent) {
    event.preventDefault();
    const lines = Object.entries(picked).map(([line, quantity]) => ({ line: Number(line), quantity }));
    if (lines.length === 0) {
      setProblem('Elige qué producto falta.');
      return;
    }
    answer.mutate({ answer: 'missing', lines, note });
  }

  return (
    <section className="receipt" aria-labelledby={titleId}>
      <h3 id={titleId} className="receipt__title">
        ¿Recibiste todo?
      </h3>
      <p className="receipt__hint">
        Puedes responder hasta el {dayMonthAndTimeText(receipt.answer_until)}. Sin respuesta, el pedido cuenta
        como recibido.
      </p>
      {problem ? (
        <p className="receipt__problem" role="alert">
          {problem}
        </p>
      ) : null}
      {claiming ? (
        <form className="receipt__form" onSubmit={submitClaim} aria-label="¿Qué falta?">
          <fieldset className="receipt__lines">
            <legend>¿Qué falta?</legend>
            {store.lines.map((line, index) => {
              const chosen = picked[index];
              const checkboxId = `${formId}-line-${index}`;
              return (
                // Lines carry no id on this public page; their order is fixed by the server.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
                <div key={index} className="receipt__line">
                  <input
                    id={checkboxId}
                    type="checkbox"
                    checked={chosen !== undefined}
                    onChange={(event) => {
                      const next = { ...picked };
                      if (event.target.checked) next[index] = line.quantity;
                      else delete next[index];
                      setPicked(next);
                    }}
                  />
                  <label htmlFor={checkboxId}>{line.name}</label>
                  {chosen !== undefined && line.quantity > 1 ? (
                    <select
                      aria-label={`Unidades que faltan de ${line.name}`}
                      value={chosen}
                      onChange={(event) => setPicked({ ...picked, [index]: Number(event.target.value) })}
                    >
                      {Array.from({ length: line.quantity }, (_, unit) => unit + 1).map((units) => (
                        <option key={units} value={units}>
                          {units === 1 ? '1 unidad' : `${units} unidades`}
                        </option>
                      ))}
                    </select>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
          <label className="receipt__note">
            Comentario (opcional)
            <textarea
              value={note}
              maxLength={500}
              rows={2}
              onChange={(event) => setNote(event.target.value)}
            />
          </label>
          <label className="receipt__note">
            Foto (opcional)
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby={`${formId}-photo-hint`}
              onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
            />
          </label>
          <p id={`${formId}-photo-hint`} className="receipt__hint">
            {photo
              ? `Foto elegida: ${photo.name}`
              : 'Si quieres, saca una foto de lo que llegó (hasta 8 MB).'}
          </p>
          <div className="receipt__actions">
            <button type="submit" className="button button--primary" disabled={answer.isPending}>
              Enviar aviso
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setClaiming(false);
                setProblem(null);
              }}
            >
              Volver
            </button>
          </div>
        </form>
      ) : (
        <div className="receipt__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ answer: 'received' })}
          >
            Recibí todo
          </button>
          <button type="button" className="button button--secondary" onClick={() => setClaiming(true)}>
            Falta algo
          </button>
        </div>
      )}
    </section>
  );
}
