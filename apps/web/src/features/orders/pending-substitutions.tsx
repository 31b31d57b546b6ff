import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import type { OpenSubstitutionList, SubstitutionQuestion } from '@mandado/shared/substitution.schemas';
import { SUBSTITUTION_ANSWER_LABELS, type SubstitutionAnswer } from '@mandado/shared/substitution-texts';
import { apiGet, apiPost, segment } from '@mandado/web-kit/api-client.ts';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { answeredText, choiceHint, choicesOf } from './substitution-choice.ts';

const OPEN_KEY = ['substitutions', 'open'] as const;

/**
 * 'Mis Compras' (issue 29, decision 073): a substitute a store proposes waits for the remitter's answer here
 * too, with the same choices as the e-mail's signed page, answered right here (the same one answer: whichever
 * comes first applies, a second one says it was already answered), on the list and on the order's page. Nothing shows while there is none (or on
 * an error: the e-mail still has the link, and the recorded preference applies in time).
 */
export function PendingSubstitutions({ storeOrderNumbers }: { storeOrderNumbers?: readonly string[] } = {}) {
  const open = useQuery({
    queryKey: OPEN_KEY,
    queryFn: ({ signal }) => apiGet<OpenSubstitutionList>('/substitutions/', signal),
  });
  // An answered question leaves the open list at the next fetch; its confirmation stays in view meanwhile.
  const [answered, setAnswered] = useState<SubstitutionQuestion[]>([]);
  // On one order's page, only that order's questions.
  const results = (open.data?.results ?? []).filter(
    ({ question }) => !storeOrderNumbers || storeOrderNumbers.includes(question.store_order_number),
  );
  const pending = results.filter(({ question }) => !answered.some((done) => done.id === question.id));
  if (pending.length === 0 && answered.length === 0) return null;
  return (
    <section className="pending-substitutions" aria-label="Reemplazos por decidir">
      {answered.map((question) => (
        <p key={question.id} role="status" className="notice pending-substitutions__answered">
          {question.store_order_number}: {answeredText(question)}
        </p>
      ))}
      {pending.map(({ question, path }) => (
        <PendingQuestion
          key={question.id}
          question={question}
          path={path}
          onAnswered={(done) => setAnswered((list) => [...list, done])}
        />
      ))}
    </section>
  );
}

function PendingQuestion({
  question,
  path,
  onAnswered,
}: {
  question: SubstitutionQuestion;
  path: string;
  onAnswered: (question: SubstitutionQuestion) => void;
}) {
  const client = useQueryClient();
  const answer = useMutation({
    mutationFn: (choice: SubstitutionAnswer) =>
      apiPost<SubstitutionQuestion>(`/substitutions/mine/${segment(question.id)}/answer/`, {
        answer: choice,
      }),
    onSuccess: (done) => {
      onAnswered(done);
      // The order's lines and refunds changed: the lists read them again.
      void client.invalidateQueries({ queryKey: OPEN_KEY });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
  const missing = question.line.quantity - question.available_quantity;
  const titleId = `substitution-${question.id}-title`;
  return (
    <article className="notice pending-substitutions__question" aria-labelledby={titleId}>
      <h3 id={titleId} className="pending-substitutions__title">
        ¿Aceptas un reemplazo? Pedido {question.store_order_number}
      </h3>
      <p>
        {question.store_name} no tiene {missing} × {question.line.name}. Te propone{' '}
        <strong>
          {question.substitute.quantity} × {question.substitute.name}
        </strong>{' '}
        por {usdText(parseMoney(question.substitute.price))}. <Link to={path}>Ver el reemplazo</Link>
      </p>
      <div className="pending-substitutions__choices">
        {choicesOf(question).map((choice) => (
          <button
            key={choice}
            type="button"
            className={choice === 'accept' ? 'button button--primary' : 'button button--secondary'}
            disabled={answer.isPending}
            onClick={() => answer.mutate(choice)}
          >
            {answer.isPending && answer.variables === choice ? <Spinner size="small" /> : null}
            {SUBSTITUTION_ANSWER_LABELS[choice]}
            <span className="pending-substitutions__hint"> · {choiceHint(question, choice)}</span>
          </button>
        ))}
      </div>
      {answer.isError ? (
        <p role="alert" className="form__alert">
          {answer.error.message}
        </p>
      ) : null}
    </article>
  );
}
