import type { Card } from '@mandado/shared/card.schemas';
import { CARD_BRAND_LABELS } from '@mandado/shared/sandbox-cards';
import { Spinner } from '@mandado/web-kit/spinner.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useAppStore } from '../../state/app-store.ts';
import { deleteSavedCard, savedCardsQueryOptions } from './accounts.api.ts';
import './accounts.css';

function cardName(card: Card): string {
  return `${CARD_BRAND_LABELS[card.brand]} terminada en ${card.last4}`;
}

function expiry(card: Card): string {
  return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`;
}

/** The account page's saved cards (issue 16): each one with its expiry, and 'Eliminar' after a confirmation. */
export function SavedCards() {
  const ids = useId();
  const queryClient = useQueryClient();
  const cards = useQuery(savedCardsQueryOptions());
  const [confirming, setConfirming] = useState<string | null>(null);
  const removal = useMutation({
    mutationFn: (card: Card) => deleteSavedCard(card.id),
    onSuccess: (_answer, card) => {
      setConfirming(null);
      queryClient.setQueryData<Card[]>(savedCardsQueryOptions().queryKey, (list) =>
        list?.filter((item) => item.id !== card.id),
      );
      void queryClient.invalidateQueries({ queryKey: savedCardsQueryOptions().queryKey });
      useAppStore.getState().notify({ kind: 'success', title: 'Tarjeta eliminada', message: cardName(card) });
    },
    onError: (error) => {
      useAppStore
        .getState()
        .notify({ kind: 'error', title: 'No pudimos eliminar la tarjeta', message: error.message });
    },
  });

  return (
    <section className="account-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="account-card__title">
        Tarjetas guardadas
      </h2>
      {cards.isPending ? (
        <p>
          <Spinner size="small" /> Cargando tus tarjetas…
        </p>
      ) : cards.error ? (
        <p role="alert">
          {cards.error.message}{' '}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void cards.refetch()}
          >
            Reintentar
          </button>
        </p>
      ) : cards.data.length === 0 ? (
        <p>No tienes tarjetas guardadas. Puedes guardar una al pagar.</p>
      ) : (
        <ul className="saved-cards" aria-label="Tarjetas guardadas">
          {cards.data.map((card) => (
            <li key={card.id} className="saved-cards__item">
              <span className="saved-cards__text">
                <strong>{cardName(card)}</strong>
                <span>Vence {expiry(card)}</span>
              </span>
              {confirming === card.id ? (
                <span className="saved-cards__actions">
                  <span>¿Eliminar esta tarjeta?</span>
                  <button
                    type="button"
                    className="button button--primary button--small"
                    disabled={removal.isPending}
                    onClick={() => removal.mutate(card)}
                  >
                    {removal.isPending ? <Spinner size="small" /> : null}
                    Sí, eliminar
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => setConfirming(null)}
                  >
                    Cancelar
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Eliminar ${cardName(card)}`}
                  onClick={() => setConfirming(card.id)}
                >
                  Eliminar
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
