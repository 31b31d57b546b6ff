import type { OpenSubstitutionList } from '@mandado/shared/substitution.schemas';
import { apiGet } from '@mandado/web-kit/api-client.ts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

/**
 * 'Mis Compras' (issue 29): a substitute a store proposes waits for the remitter's answer here too, each
 * linking to the same page as the e-mail's signed link. Nothing shows while there is none (or on an error:
 * the e-mail still has the link, and the recorded preference applies in time).
 */
export function PendingSubstitutions() {
  const open = useQuery({
    queryKey: ['substitutions', 'open'],
    queryFn: ({ signal }) => apiGet<OpenSubstitutionList>('/substitutions/', signal),
  });
  const results = open.data?.results ?? [];
  if (results.length === 0) return null;
  return (
    <section className="notice" aria-label="Reemplazos por decidir">
      {results.map(({ question, path }) => (
        <p key={question.id}>
          {question.store_name} te propone {question.substitute.quantity} × {question.substitute.name} en
          lugar de {question.line.name} ({question.store_order_number}). <Link to={path}>Decidir</Link>
        </p>
      ))}
    </section>
  );
}
