import { randomUUID } from 'node:crypto';
import type { Card } from '@mandado/shared/card.schemas';
import { CHECKOUT_MESSAGES } from '@mandado/shared/checkout.schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import type { Payments } from '../../payment-processor.ts';
import { findAccountContact } from '../accounts/accounts.service.ts';
import { presentCard } from './cards.presenter.ts';
import {
  deleteUserCard,
  findCustomerRef,
  findUserCard,
  listUserCards,
  type SavedCardRow,
  saveCard,
  saveCustomerRef,
} from './cards.repository.ts';

/** The processor did not recognise the token (expired, malformed, or someone else's card). */
export const CARD_TOKEN_INVALID = 'No pudimos guardar esa tarjeta. Vuelve a ingresar sus datos.';

/** The session's remitter's saved cards, oldest first: one query. */
export async function listCards(db: Database, actor: Actor | null): Promise<Card[]> {
  const { userId } = requirePermission(actor, 'account:own');
  return (await listUserCards(db, userId)).map(presentCard);
}

/**
 * Keeps a card the browser tokenised (spec §7 `POST /tokens/create/`): the processor reads the token into
 * brand, last 4 and expiry (attaching it to the user's customer at Stripe); only those and the token are
 * stored. The same token twice is one card.
 */
export async function addCard(
  db: Database,
  payments: Payments,
  actor: Actor | null,
  token: string,
): Promise<Card> {
  const { userId } = requirePermission(actor, 'account:own');
  const user = await findAccountContact(db, userId);
  if (!user) throw notFound();
  const customerRef = await payments.card.ensureCustomer(db, user);
  const details = await payments.card.describeCard(db, token, customerRef);
  if (!details) throw new HttpError(400, { token: [CARD_TOKEN_INVALID] });
  const row = await saveCard(db, {
    cardId: randomUUID(),
    userId,
    processor: payments.card.name,
    processorToken: details.processorToken,
    brand: details.brand,
    last4: details.last4,
    expMonth: details.expMonth,
    expYear: details.expYear,
  });
  return presentCard(row);
}

/** Forgets one of the user's cards here and at the processor; another user's card reads as missing (404). */
export async function removeCard(
  db: Database,
  payments: Payments,
  actor: Actor | null,
  cardId: string,
): Promise<{ detail: string }> {
  const { userId } = requirePermission(actor, 'account:own');
  const card = await findUserCard(db, userId, cardId);
  if (!card) throw notFound();
  // At the processor first: a card still attached there but gone here could be charged by nobody, while
  // the opposite would leave a card the shopper sees but cannot use.
  if (card.processor === payments.card.name) await payments.card.forgetCard(db, card.processorToken);
  await deleteUserCard(db, userId, cardId);
  return { detail: CHECKOUT_MESSAGES.cardDeleted };
}

/** For checkout: the user's saved card with this id, or undefined when it is not theirs. */
export function findCardOfUser(
  db: DatabaseOrTransaction,
  userId: number,
  cardId: string,
): Promise<SavedCardRow | undefined> {
  return findUserCard(db, userId, cardId);
}

/** For checkout's "save this card": the same processor token twice is one card; answers the stored row. */
export function keepCard(
  db: DatabaseOrTransaction,
  card: Parameters<typeof saveCard>[1],
): Promise<SavedCardRow> {
  return saveCard(db, card);
}

/** For a card processor: the customer it created for this user earlier, if any. */
export function findProcessorCustomer(
  db: DatabaseOrTransaction,
  userId: number,
  processor: string,
): Promise<string | null> {
  return findCustomerRef(db, userId, processor);
}

/** For a card processor: remembers its customer for this user (the first one stored wins). */
export function rememberProcessorCustomer(
  db: DatabaseOrTransaction,
  userId: number,
  processor: string,
  customerRef: string,
): Promise<void> {
  return saveCustomerRef(db, userId, processor, customerRef);
}
