import {
  MESSAGE_AUDIENCES_OF,
  type MessageAudience,
  type MessageChannel,
  type MessageStatus,
  messagingPhoneE164,
  type OrderMessageKind,
  type OrderMessageParams,
  optOutReply,
  sendableAt,
} from '@mandado/shared/order-messages';
import { storeOrderWindowText } from '@mandado/shared/store-windows';
import { WEB_PATHS } from '@mandado/shared/web-routes';
import type { Database, DatabaseOrTransaction } from '../../db/database.ts';
import type { JobBacklog } from '../../jobs/job-backlog.sql.ts';
import {
  advanceMessageStatus,
  deleteOptOut,
  findOrderMessageFacts,
  insertMessages,
  insertOptOut,
  listGroupMessages,
  type MessageEventRow,
  type NewMessage,
  type OrderMessageFacts,
  selectMessageBacklog,
} from './messages.repository.ts';

export type { MessageEventRow };

/** What a caller knows beyond the order itself; each kind reads its own fields. */
export interface OrderMessageInput {
  kind: OrderMessageKind;
  /** The store order's id, or its number (MV-10234-1). */
  storeOrder: number | string;
  /** attempt_failed: why ('No había nadie: …'), and whether it was the last attempt (operators take over). */
  reason?: string;
  finalAttempt?: boolean;
  /** substitution_question: the missing product's name and the one offered instead. */
  missing?: string;
  offered?: string;
  /** refund: the amount as text ('US$ 12,50'). */
  amountText?: string;
  /** A page of the site the message links to instead of the default (the substitution's signed page). */
  linkPath?: string;
  /** The clock (tests); quiet hours are read on it. */
  now?: Date;
}

function firstWord(name: string | null): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

/** The number a message to this audience goes to, in E.164; null when there is none that takes messages. */
function phoneOf(facts: OrderMessageFacts, audience: MessageAudience): string | null {
  if (audience === 'remitter') return messagingPhoneE164(facts.remitterPhone);
  const phone =
    facts.delivery === 'pickup' && facts.pickupPhone ? facts.pickupPhone : facts.beneficiary.mobile;
  return messagingPhoneE164(phone);
}

/** The chosen delivery window's text (decision 065), when the store order has one. */
function windowSlotOf(facts: OrderMessageFacts): { windowSlotText?: string } {
  const text = storeOrderWindowText(facts);
  return text ? { windowSlotText: text } : {};
}

function paramsOf(
  facts: OrderMessageFacts,
  audience: MessageAudience,
  input: OrderMessageInput,
): OrderMessageParams {
  const toBeneficiary = audience === 'beneficiary';
  const beneficiaryName =
    facts.delivery === 'pickup' && facts.pickupName
      ? firstWord(facts.pickupName)
      : facts.beneficiary.firstName;
  return {
    firstName: toBeneficiary ? beneficiaryName : facts.remitterFirstName,
    storeOrderNumber: facts.number,
    storeName: facts.storeName,
    storeAddress: facts.storeAddress,
    delivery: facts.delivery === 'pickup' ? 'pickup' : 'standard',
    beneficiaryFirstName: beneficiaryName,
    remitterFirstName: facts.remitterFirstName,
    // Only the family hears the code: it is what proves they received the goods.
    ...(toBeneficiary ? { deliveryCode: facts.deliveryCode } : {}),
    window: { from: facts.deliveryFrom, to: facts.deliveryTo },
    ...windowSlotOf(facts),
    ...(input.reason === undefined ? {} : { reason: input.reason }),
    ...(input.finalAttempt === undefined ? {} : { finalAttempt: input.finalAttempt }),
    ...(input.missing === undefined ? {} : { missing: input.missing }),
    ...(input.offered === undefined ? {} : { offered: input.offered }),
    ...(input.amountText === undefined ? {} : { amountText: input.amountText }),
    ...(facts.receivedBy ? { receivedBy: facts.receivedBy } : {}),
    // The family follows the tracking page; the remitter's order page shows the proof and the choices.
    linkPath:
      input.linkPath ??
      (toBeneficiary
        ? WEB_PATHS.tracking.replace(':token', facts.trackingToken)
        : `${WEB_PATHS.userOrders}/${encodeURIComponent(facts.groupNumber)}`),
  };
}

/**
 * How a flow sends WhatsApp or SMS about a store order (issue 29, decision 063): one outbox row per person
 * the kind reaches (a failed attempt reaches both), written with `tx` so it commits with the change that
 * causes it; the messages job sends it. Inside quiet hours (21:00–08:00, Montevideo) the row waits for 08:00.
 * A person without a mobile number is skipped. Answers how many rows were written.
 *
 * 'courier_arrived' ('Llegué') and 'substitution_question' are called by the flows that own those moments.
 */
export async function enqueueOrderMessage(
  tx: DatabaseOrTransaction,
  input: OrderMessageInput,
): Promise<number> {
  const facts = await findOrderMessageFacts(tx, input.storeOrder);
  if (!facts) return 0;
  const now = input.now ?? new Date();
  const at = sendableAt(now);
  const rows: NewMessage[] = [];
  for (const audience of MESSAGE_AUDIENCES_OF[input.kind]) {
    const phone = phoneOf(facts, audience);
    if (!phone) continue;
    rows.push({
      groupId: facts.groupId,
      storeOrderId: facts.storeOrderId,
      kind: input.kind,
      audience,
      toPhone: phone,
      params: { ...paramsOf(facts, audience, input) },
      nextAttemptAt: at,
      deferredReason: at.getTime() > now.getTime() ? 'quiet_hours' : null,
    });
  }
  await insertMessages(tx, rows);
  return rows.length;
}

/**
 * An inbound reply (WhatsApp or SMS): BAJA/STOP records the opt-out of that number on that channel, and
 * ALTA/START removes it; anything else is ignored (nobody reads this inbox). Answers what it did.
 */
export async function recordReply(
  db: Database,
  reply: { phone: string; channel: MessageChannel; text: string },
): Promise<'stop' | 'start' | null> {
  const phone = messagingPhoneE164(reply.phone) ?? reply.phone;
  const asked = optOutReply(reply.text);
  if (asked === 'stop') await insertOptOut(db, phone, reply.channel, reply.text.slice(0, 100));
  if (asked === 'start') await deleteOptOut(db, phone, reply.channel);
  return asked;
}

/** A provider's signed status callback for the message it named. */
export function recordDeliveryStatus(
  db: Database,
  providerMessageId: string,
  status: MessageStatus,
  error: string | null = null,
): Promise<boolean> {
  return advanceMessageStatus(db, providerMessageId, status, error);
}

/** An order group's messages, for the back office's timeline (admin-orders). */
export function listOrderMessages(db: Database, groupId: number): Promise<MessageEventRow[]> {
  return listGroupMessages(db, groupId);
}

/** The messages waiting, for /metrics (jobs/job-backlogs.ts). */
export function messageBacklog(db: Database): Promise<JobBacklog> {
  return selectMessageBacklog(db);
}
