import { INBOX_TAB_LABELS, INBOX_TABS, type InboxTab } from '@mandado/shared/fulfilment';
import type { MerchantStore } from '@mandado/shared/staff.schemas';
import { EmptyState } from '@mandado/web-kit/empty-state.tsx';
import { QueryError } from '@mandado/web-kit/query-error.tsx';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { inboxQueryOptions } from './inbox.api.ts';
import { INBOX_PANEL_ID, InboxTabs, inboxTabId } from './inbox-tabs.tsx';
import { OrderCard } from './order-card.tsx';
import { PushOptIn } from './push-opt-in.tsx';
import { useOrderAlert } from './use-order-alert.ts';
import '../../components/staff-choice.css';
import './inbox.css';

function readTab(value: string | null): InboxTab {
  return INBOX_TABS.find((tab) => tab === value) ?? 'new';
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The line under the title: how many orders nobody opened yet; a no-break space while the list loads. */
function unseenText(unseen: number | undefined): string {
  if (unseen === undefined) return '\u00a0';
  if (unseen === 0) return 'Todos los pedidos están abiertos';
  return unseen === 1 ? '1 pedido sin abrir' : `${unseen} pedidos sin abrir`;
}

const EMPTY_TEXT: Record<InboxTab, string> = {
  new: 'No hay pedidos nuevos. Cuando llegue uno, suena y aparece aquí.',
  preparing: 'No hay pedidos en preparación.',
  ready: 'No hay pedidos listos para entregar.',
  on_the_way: 'No hay pedidos en camino.',
  delivered: 'Todavía no hay pedidos entregados.',
  problems: 'No hay pedidos con problemas.',
};

/**
 * The store inbox (issue 17, `/comercio`, 360 px first): the tabs with their counts, one page of orders, and
 * the ring while an order is unopened. The tab and page live in the address, so a reload or the back button
 * keeps them.
 */
export function InboxPage({ store }: { store: MerchantStore }) {
  const storeId = store.id;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get('tab'));
  const page = readPage(params.get('page'));
  const inbox = useQuery({
    ...inboxQueryOptions(queryClient, storeId, tab, page),
    // Paging keeps the last page on screen while the next one loads; a new tab starts blank, or a card of
    // the previous tab could be pressed in the moment before the tab's own list arrives.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === tab ? previous : undefined),
  });
  const body = inbox.data?.body;
  const { soundSupported, soundReady, enableSound } = useOrderAlert(body?.unseen ?? 0);

  function go(nextTab: InboxTab, nextPage = 1) {
    const next = new URLSearchParams(params);
    next.set('tab', nextTab);
    if (nextPage > 1) next.set('page', String(nextPage));
    else next.delete('page');
    setParams(next, { replace: true });
  }

  return (
    <div className="inbox">
      <header className="inbox__head">
        <h1 className="inbox__title">Pedidos de {store.name}</h1>
        {/*
          Issue 31: nothing here changes height on the first tap. The tap that unlocks the sound swaps the
          button for a note of the same height, and the unseen line is always there (blank until the list
          loads), so the list does not jump under the finger and the tap lands where it was aimed.
        */}
        <div className="inbox-alerts">
          {soundSupported ? (
            soundReady ? (
              <p className="inbox-alerts__slot inbox-alerts__note">Sonido activado</p>
            ) : (
              <button
                type="button"
                className="button button--primary button--small inbox-alerts__slot"
                onClick={enableSound}
              >
                Activar sonido
              </button>
            )
          ) : null}
          <PushOptIn />
        </div>
        <p
          className={body && body.unseen > 0 ? 'inbox__unseen' : 'inbox__unseen inbox__unseen--none'}
          role="status"
        >
          {unseenText(body?.unseen)}
        </p>
      </header>
      <InboxTabs current={tab} counts={body?.counts} onSelect={(next) => go(next)} />
      <section id={INBOX_PANEL_ID} role="tabpanel" aria-labelledby={inboxTabId(tab)} className="inbox__panel">
        <h2 className="visually-hidden">{INBOX_TAB_LABELS[tab]}</h2>
        {inbox.isPending ? (
          <Spinner label="Cargando pedidos" />
        ) : inbox.isError && !body ? (
          <QueryError message={inbox.error.message} onRetry={() => void inbox.refetch()} />
        ) : body && body.results.length === 0 ? (
          <EmptyState title={EMPTY_TEXT[tab]} />
        ) : (
          <>
            <ul key={tab} className="inbox__list" aria-busy={inbox.isPlaceholderData}>
              {body?.results.map((order) => (
                <li key={order.number}>
                  <OrderCard storeId={storeId} order={order} />
                </li>
              ))}
            </ul>
            {body && body.pages > 1 ? (
              <nav className="inbox__pager" aria-label="Páginas">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={body.page <= 1}
                  onClick={() => go(tab, body.page - 1)}
                >
                  Anterior
                </button>
                <span>
                  Página {body.page} de {body.pages}
                </span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={body.page >= body.pages}
                  onClick={() => go(tab, body.page + 1)}
                >
                  Siguiente
                </button>
              </nav>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
