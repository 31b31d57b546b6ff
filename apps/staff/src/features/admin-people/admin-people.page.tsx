import { dateText } from '@mandado/shared/date-text';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { peopleQueryOptions } from './admin-people.api.ts';
import { personPagePath, rolesText } from './admin-people-text.ts';
import { OperatorGrants } from './operator-grants.tsx';
import './admin-people.css';

/**
 * /admin/personas (issue 19): accounts searched by e-mail or name, newest first, thirty at a time ('Ver más'
 * asks for the next page by cursor). Each card opens the person.
 */
export function AdminPeopleScreen() {
  const ids = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const people = useInfiniteQuery(peopleQueryOptions(q));

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQ(typed.trim());
  }

  const rows = people.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <section className="admin-people" aria-labelledby="admin-people-title">
      <h1 id="admin-people-title" className="staff-title">
        Personas
      </h1>
      <OperatorGrants />
      <form className="admin-people__search" onSubmit={search}>
        <div className="admin-people__field">
          <label className="field-label" htmlFor={`${ids}-q`}>
            Buscar por correo o nombre
          </label>
          <input
            id={`${ids}-q`}
            className="input"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--secondary">
          Buscar
        </button>
      </form>
      {people.isPending ? (
        <Spinner label="Cargando las cuentas" />
      ) : people.isError ? (
        <QueryError message={people.error.message} onRetry={() => void people.refetch()} />
      ) : rows.length === 0 ? (
        <p className="admin-people__empty">No hay cuentas con esos datos.</p>
      ) : (
        <>
          <ul className="admin-people__list" aria-label="Cuentas">
            {rows.map((person) => (
              <li key={person.id} className="admin-person-card">
                <Link className="admin-person-card__name" to={personPagePath(person.id)}>
                  {person.name || person.email}
                </Link>
                <span className="admin-person-card__email">{person.email}</span>
                <span className="admin-person-card__meta">
                  {rolesText(person.roles, person.operator_group)} · desde {dateText(person.created)}
                </span>
                {person.locked ? <span className="badge admin-locked-badge">Bloqueada</span> : null}
              </li>
            ))}
          </ul>
          {people.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary admin-people__more"
              disabled={people.isFetchingNextPage}
              onClick={() => void people.fetchNextPage()}
            >
              {people.isFetchingNextPage ? <Spinner size="small" /> : null}
              Ver más
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
