import {
  ADMIN_SUPPORT_MESSAGES,
  type SupportActionResult,
  type SupportAssigneeList,
  type SupportKind,
  type SupportListQuery,
} from '@mandado/shared/admin-support.schemas';
import {
  type AdminCityRequestList,
  type AdminContactMessageList,
  type AdminSuggestionList,
  SUPPORT_INBOX_LIMIT,
} from '@mandado/shared/support-inbox.schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import { HttpError, notFound } from '../../http-errors.ts';
import { decodeKeyset, encodeKeyset } from '../../keyset-cursor.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { changeCityRequestState } from '../locations/locations.service.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { supportAddress } from './help.service.ts';
import {
  presentCityRequest,
  presentContactMessage,
  presentOperator,
  presentSuggestion,
} from './support-inbox.presenter.ts';
import {
  findSupportItemForUpdate,
  insertSupportReply,
  isOperator,
  listCityRequests,
  listContactMessages,
  listOperators,
  listSuggestions,
  type SupportItem,
  type SupportListFilter,
  type SupportReplyKind,
  type SupportStateChange,
  type SupportStateRow,
  updateSupportItem,
} from './support-inbox.repository.ts';
import { supportReplyEmail } from './support-reply-email.ts';

/**
 * The back office's support inbox (decision 028, issue 19): the three lists with filters and a cursor, and
 * what an operator does with an item: assign it, mark it handled (or open again), answer it by e-mail. Every
 * change writes its audit row in the same transaction.
 */

export interface SupportDeps {
  /** Tells the mail worker an e-mail waits, once the transaction that enqueued it has committed. */
  kickMailWorker: () => void;
}

/** The item's state, written by the owner of its table: help's own, or locations' for a city request. */
async function updateItemState(
  tx: DatabaseOrTransaction,
  kind: SupportReplyKind,
  id: number,
  change: SupportStateChange,
): Promise<void> {
  if (kind === 'city_request') await changeCityRequestState(tx, id, change);
  else await updateSupportItem(tx, kind, id, change);
}

const REPLY_KIND: Record<SupportKind, SupportReplyKind> = {
  'contact-messages': 'contact',
  suggestions: 'suggestion',
  'city-requests': 'city_request',
};

/** What an audit row names: `contact_message:12`, `suggestion:3`, `city_request:7`. */
const SUBJECT_PREFIX: Record<SupportReplyKind, string> = {
  contact: 'contact_message',
  suggestion: 'suggestion',
  city_request: 'city_request',
};

function listFilter(actor: Actor, query: SupportListQuery): SupportListFilter {
  return {
    ...(query.handled ? { handled: query.handled === 'true' } : {}),
    ...(query.assigned ? { assignedTo: query.assigned === 'me' ? actor.userId : null } : {}),
    after: query.cursor ? decodeKeyset(query.cursor, ADMIN_SUPPORT_MESSAGES.badCursor) : null,
    // One more than a page tells whether there is a next one.
    limit: SUPPORT_INBOX_LIMIT + 1,
  };
}

function paged<R extends SupportStateRow, T>(rows: R[], present: (row: R) => T) {
  const page = rows.slice(0, SUPPORT_INBOX_LIMIT);
  const last = page.at(-1);
  return {
    results: page.map(present),
    next_cursor:
      rows.length > SUPPORT_INBOX_LIMIT && last ? encodeKeyset({ at: last.cursorAt, id: last.id }) : null,
  };
}

export async function listContactMessagesFor(
  db: Database,
  actor: Actor | null,
  query: SupportListQuery,
): Promise<AdminContactMessageList> {
  const operator = requirePermission(actor, 'support:read');
  return paged(await listContactMessages(db, listFilter(operator, query)), presentContactMessage);
}

export async function listSuggestionsFor(
  db: Database,
  actor: Actor | null,
  query: SupportListQuery,
): Promise<AdminSuggestionList> {
  const operator = requirePermission(actor, 'support:read');
  return paged(await listSuggestions(db, listFilter(operator, query)), presentSuggestion);
}

export async function listCityRequestsFor(
  db: Database,
  actor: Actor | null,
  query: SupportListQuery,
): Promise<AdminCityRequestList> {
  const operator = requirePermission(actor, 'support:read');
  return paged(await listCityRequests(db, listFilter(operator, query)), presentCityRequest);
}

/** The operators an item can be assigned to, the asker marked. */
export async function listAssignees(db: Database, actor: Actor | null): Promise<SupportAssigneeList> {
  const operator = requirePermission(actor, 'support:read');
  const people = await listOperators(db);
  return {
    results: people.map((person) => {
      const shown = presentOperator(person);
      if (!shown) throw new Error('unreachable: an operator row is never null');
      return { ...shown, you: person.id === operator.userId };
    }),
  };
}

async function lockedItem(
  tx: DatabaseOrTransaction,
  kind: SupportReplyKind,
  id: number,
): Promise<SupportItem> {
  const item = await findSupportItemForUpdate(tx, kind, id);
  if (!item) throw notFound(ADMIN_SUPPORT_MESSAGES.notFound);
  return item;
}

/** Assigns the item to an operator (any group: someone may read it and pass it on), or to nobody. */
export async function assignSupportItem(
  db: Database,
  actor: Actor | null,
  kind: SupportKind,
  id: number,
  userId: number | null,
): Promise<SupportActionResult> {
  const operator = requirePermission(actor, 'support:handle');
  const replyKind = REPLY_KIND[kind];
  await db.transaction(async (tx) => {
    const item = await lockedItem(tx, replyKind, id);
    if (userId !== null && !(await isOperator(tx, userId))) {
      throw new HttpError(400, { user_id: [ADMIN_SUPPORT_MESSAGES.notAnOperator] });
    }
    if (item.assignedTo === userId) return;
    await updateItemState(tx, replyKind, id, { assignedTo: userId });
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'support.assigned',
      subject: `${SUBJECT_PREFIX[replyKind]}:${id}`,
      detail: { before: { assigned_to: item.assignedTo }, after: { assigned_to: userId } },
    });
  });
  return { detail: userId === null ? ADMIN_SUPPORT_MESSAGES.unassigned : ADMIN_SUPPORT_MESSAGES.assigned };
}

/** Marks it handled (by whoever asks, now) or open again; the same state twice changes nothing. */
export async function markSupportItemHandled(
  db: Database,
  actor: Actor | null,
  kind: SupportKind,
  id: number,
  handled: boolean,
): Promise<SupportActionResult> {
  const operator = requirePermission(actor, 'support:handle');
  const replyKind = REPLY_KIND[kind];
  await db.transaction(async (tx) => {
    const item = await lockedItem(tx, replyKind, id);
    if ((item.handledAt !== null) === handled) return;
    await updateItemState(
      tx,
      replyKind,
      id,
      handled ? { handledAt: new Date(), handledBy: operator.userId } : { handledAt: null, handledBy: null },
    );
    await recordAudit(tx, operator, {
      storeId: null,
      action: handled ? 'support.handled' : 'support.reopened',
      subject: `${SUBJECT_PREFIX[replyKind]}:${id}`,
      detail: {
        before: { handled: item.handledAt !== null, handled_by: item.handledBy },
        after: { handled, handled_by: handled ? operator.userId : null },
      },
    });
  });
  return { detail: handled ? ADMIN_SUPPORT_MESSAGES.handled : ADMIN_SUPPORT_MESSAGES.reopened };
}

/**
 * Answers the writer by e-mail (through the outbox, Reply-To our support address: see support-reply-email.ts),
 * keeps the answer, and marks the item handled: all in one transaction with its audit row.
 */
export async function replyToSupportItem(
  db: Database,
  actor: Actor | null,
  kind: SupportKind,
  id: number,
  body: string,
  deps: SupportDeps,
): Promise<SupportActionResult> {
  const operator = requirePermission(actor, 'support:handle');
  const replyKind = REPLY_KIND[kind];
  const supportEmail = await supportAddress(db);
  await db.transaction(async (tx) => {
    const item = await lockedItem(tx, replyKind, id);
    const replyId = await insertSupportReply(tx, {
      kind: replyKind,
      messageId: id,
      authorUserId: operator.userId,
      body,
    });
    await enqueueEmail(tx, supportReplyEmail(replyKind, item, body, supportEmail));
    if (item.handledAt === null) {
      await updateItemState(tx, replyKind, id, { handledAt: new Date(), handledBy: operator.userId });
    }
    await recordAudit(tx, operator, {
      storeId: null,
      action: 'support.replied',
      subject: `${SUBJECT_PREFIX[replyKind]}:${id}`,
      detail: {
        reply_id: replyId,
        to: item.email,
        before: { handled: item.handledAt !== null },
        after: { handled: true },
      },
    });
  });
  deps.kickMailWorker();
  return { detail: ADMIN_SUPPORT_MESSAGES.replied };
}
