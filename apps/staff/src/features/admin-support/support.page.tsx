import type { SupportKind } from '@mandado/shared/admin-support.schemas';
import { hasPermission } from '@mandado/shared/permissions';
import type {
  AdminCityRequestList,
  AdminContactMessageList,
  AdminSuggestionList,
} from '@mandado/shared/support-inbox.schemas';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { notify } from '@mandado/web-kit/toast-store.ts';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useOperator } from '../../lib/use-operator.ts';
import { ReceiptClaims } from './receipt-claims.tsx';
import { ReplyDialog } from './reply-dialog.tsx';
import {
  assigneesQueryOptions,
  assignItem,
  markHandled,
  replyToItem,
  type SupportFilter,
  supportListKey,
  supportListQueryOptions,
} from './support.api.ts';
import { SupportCard } from './support-card.tsx';
import {
  cityCard,
  contactCard,
  SUPPORT_TABS,
  type SupportCardItem,
  suggestionCard,
  supportTabFor,
} from './support-text.ts';
import './support.css';

const PANEL_ID = 'support-panel';

/**
 * `/admin/soporte` (issue 19): what people wrote to us, in three tabs (messages, suggestions, city requests).
 * The tab and the filters live in the query string, so a reload or a shared link shows the same list. An
 * operator with support:handle assigns, answers (by e-mail, from a dialog) and resolves; the others read.
 */
export function SupportInbox() {
  const [params, setParams] = useSearchParams();
  const tab = supportTabFor(params.get('bandeja'));
  // 'Sin resolver' is where work is: the default.
  const filter: SupportFilter = { open: params.get('estado') !== 'todos', mine: params.get('mios') === '1' };

  function update(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  }

  return (
    <section className="support" aria-labelledby="admin-support-title">
      <h1 id="admin-support-title" className="staff-title">
        Soporte
      </h1>
      <ReceiptClaims />
      <SupportTabs current={tab.kind} onSelect={(param) => update({ bandeja: param })} />
      <fieldset className="support__filters">
        <legend className="visually-hidden">Filtros</legend>
        <button
          type="button"
          className={filter.open ? 'chip chip--active' : 'chip'}
          aria-pressed={filter.open}
          onClick={() => update({ estado: filter.open ? 'todos' : null })}
        >
          Sin resolver
        </button>
        <button
          type="button"
          className={filter.mine ? 'chip chip--active' : 'chip'}
          aria-pressed={filter.mine}
          onClick={() => update({ mios: filter.mine ? null : '1' })}
        >
          Asignados a mí
        </button>
      </fieldset>
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={`support-tab-${tab.kind}`}>
        <SupportList key={`${tab.kind}-${filter.open}-${filter.mine}`} kind={tab.kind} filter={filter} />
      </div>
    </section>
  );
}

function SupportTabs({ current, onSelect }: { current: SupportKind; onSelect: (param: string) => void }) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + SUPPORT_TABS.length) % SUPPORT_TABS.length;
    const tab = SUPPORT_TABS[next];
    if (!tab) return;
    onSelect(tab.param);
    refs.current[next]?.focus();
  }

  return (
    <div className="support__tabs chip-row" role="tablist" aria-label="Bandejas">
      {SUPPORT_TABS.map((tab, index) => {
        const selected = tab.kind === current;
        return (
          <button
            key={tab.kind}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`support-tab-${tab.kind}`}
            aria-selected={selected}
            aria-controls={PANEL_ID}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'support__tab support__tab--current' : 'support__tab'}
            onClick={() => onSelect(tab.param)}
            onKeyDown={(event) => handleKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

type AnyList = AdminContactMessageList | AdminSuggestionList | AdminCityRequestList;

function cardsOf(kind: SupportKind, data: InfiniteData<AnyList, unknown> | undefined): SupportCardItem[] {
  const pages = data?.pages ?? [];
  if (kind === 'contact-messages')
    return pages.flatMap((page) => (page as AdminContactMessageList).results.map(contactCard));
  if (kind === 'suggestions')
    return pages.flatMap((page) => (page as AdminSuggestionList).results.map(suggestionCard));
  return pages.flatMap((page) => (page as AdminCityRequestList).results.map(cityCard));
}

function SupportList({ kind, filter }: { kind: SupportKind; filter: SupportFilter }) {
  const queryClient = useQueryClient();
  const operator = useOperator();
  const canHandle = hasPermission(operator, 'support:handle');
  const list = useInfiniteQuery(supportListQueryOptions<AnyList>(kind, filter));
  const assignees = useQuery({ ...assigneesQueryOptions(), enabled: canHandle });
  const [replying, setReplying] = useState<SupportCardItem | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: supportListKey(kind) });
  const act = useMutation({
    mutationFn: (action: { id: number; run: () => Promise<{ detail: string }> }) => action.run(),
    onSuccess: async (answer) => {
      notify({ kind: 'success', title: answer.detail });
      await refresh();
    },
    onError: (error) => notify({ kind: 'error', title: 'Algo salió mal', message: error.message }),
  });

  if (list.isPending) return <Spinner label="Cargando" />;
  if (list.isError) return <QueryError message={list.error.message} onRetry={() => void list.refetch()} />;
  const items = cardsOf(kind, list.data);
  if (items.length === 0) {
    return (
      <EmptyState title={filter.open ? 'No queda nada sin resolver' : 'Todavía no hay nada aquí'}>
        {filter.mine ? 'Nada asignado a ti con este filtro.' : null}
      </EmptyState>
    );
  }

  return (
    <>
      <ul className="support__list">
        {items.map((item) => (
          <SupportCard
            key={item.id}
            item={item}
            assignees={assignees.data?.results}
            canHandle={canHandle}
            busy={act.isPending && act.variables.id === item.id}
            onAssign={(userId) => act.mutate({ id: item.id, run: () => assignItem(kind, item.id, userId) })}
            onHandled={(handled) =>
              act.mutate({ id: item.id, run: () => markHandled(kind, item.id, handled) })
            }
            onReply={() => setReplying(item)}
          />
        ))}
      </ul>
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary support__more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? <Spinner size="small" /> : null}
          Cargar más
        </button>
      ) : null}
      {replying ? (
        <ReplyDialog
          title={replying.title}
          email={replying.email}
          onClose={() => setReplying(null)}
          onSend={async (body) => {
            const answer = await replyToItem(kind, replying.id, body);
            setReplying(null);
            notify({ kind: 'success', title: answer.detail });
            await refresh();
          }}
        />
      ) : null}
    </>
  );
}
