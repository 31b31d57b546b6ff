import { parseMoney } from '@mandado/shared/money';
import { usdText } from '@mandado/shared/money-text';
import type { SubstitutionQuestion } from '@mandado/shared/substitution.schemas';
import { SUBSTITUTION_ANSWER_LABELS, type SubstitutionAnswer } from '@mandado/shared/substitution-texts';
import { ApiError, apiGet, apiPost } from '@mandado/web-kit/api-client.ts';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { answeredText, choiceHint, choicesOf } from '../../features/orders/substitution-choice.ts';
import { BasicHeader } from '../layouts/basic.layout.tsx';
import './substitution.page.css';

const path = (token: string) => `/substitutions/${encodeURIComponent(token)}/`;

function QuestionView({ token, question }: { token: string; question: SubstitutionQuestion }) {
  const client = useQueryClient();
  const answer = useMutation({
    mutationFn: (choice: SubstitutionAnswer) =>
      apiPost<SubstitutionQuestion>(`${path(token)}answer/`, { answer: choice }),
    onSuccess: (answered) => client.setQueryData(['substitution', token], answered),
  });
  const missing = question.line.quantity - question.available_quantity;
  const choices = choicesOf(question);
  return (
    <section className="substitution" aria-labelledby="substitution-title">
      <h1 id="substitution-title" className="page-title">
        ¿Aceptas un reemplazo?
      </h1>
      <p>
        {question.store_name} no tiene {missing} × {question.line.name} de tu pedido{' '}
        {question.store_order_number}. Te propone:
      </p>
      <div className="substitution__product">
        {question.substitute.image ? (
          <img src={question.substitute.image} alt="" width={96} height={96} loading="lazy" />
        ) : null}
        <p>
          <strong>
            {question.substitute.quantity} × {question.substitute.name}
          </strong>
          <br />
          {usdText(parseMoney(question.substitute.price))} · nunca más de lo que pagaste
        </p>
      </div>
      {question.status === 'pending' ? (
        <div className="substitution__choices">
          {choices.map((choice) => (
            <button
              key={choice}
              type="button"
              className={choice === 'accept' ? 'button button--primary' : 'button button--secondary'}
              disabled={answer.isPending}
              onClick={() => answer.mutate(choice)}
            >
              {SUBSTITUTION_ANSWER_LABELS[choice]}
              <span className="substitution__hint"> · {choiceHint(question, choice)}</span>
            </button>
          ))}
          {answer.isError ? (
            <p role="alert" className="form__alert">
              {answer.error.message}
            </p>
          ) : null}
        </div>
      ) : (
        <p role="status" className="substitution__answered">
          {answeredText(question)}
        </p>
      )}
    </section>
  );
}

/**
 * /reemplazo/:token (issue 29, decision 062): the remitter answers the store's proposed substitute from the
 * signed link, without logging in; mobile first, loaded on its own (no shop menus, cart or prices besides the
 * substitute's). Not kept by search engines, and the token does not leak through the Referer header.
 */
export function SubstitutionPage() {
  const { token = '' } = useParams();
  const question = useQuery({
    queryKey: ['substitution', token],
    queryFn: ({ signal }) => apiGet<SubstitutionQuestion>(path(token), signal),
    retry: false,
  });
  let content: ReactNode;
  if (question.isPending) {
    content = (
      <div className="page-loading">
        <Spinner label="Cargando el reemplazo" />
      </div>
    );
  } else if (question.isError) {
    const expired = question.error instanceof ApiError && question.error.status === 410;
    content = (
      <EmptyState title={expired ? 'Este enlace venció' : 'No pudimos abrir este enlace'}>
        <p>{question.error.message}</p>
      </EmptyState>
    );
  } else {
    content = <QuestionView token={token} question={question.data} />;
  }
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <BasicHeader />
      <div className="container page-section">{content}</div>
    </>
  );
}
