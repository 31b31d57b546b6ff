import type { OrderGroup } from '@mandado/shared/checkout.schemas';
import type { PersonalDataExport } from '@mandado/shared/personal-data.schemas';
import { type Actor, requirePermission } from '../../authorization.ts';
import { currentUser } from '../accounts/accounts.service.ts';
import { listOwnConsents } from '../accounts/consents.service.ts';
import { getBeneficiaries } from '../beneficiaries/beneficiaries.service.ts';
import { sentEmailsTo } from '../mail/sent-emails.service.ts';
import { orderMessagesOfRemitter } from '../messages/messages-erasure.service.ts';
import { getOwnOrder } from '../orders/confirm-order.service.ts';
import { listOrders } from '../orders/order-history.service.ts';
import type { OrdersContext } from '../orders/orders-context.ts';
import { getWallet } from '../wallet/wallet.service.ts';

/**
 * 'Descargar mis datos' (issue 32, Ley 18.331 art. 14: the right of access): everything the shop keeps about
 * the session's remitter, read through the services that own each part, so each part is exactly what the
 * person sees on its own screen. A read-only composition: nothing here writes.
 */
/** Orders are read a few at a time: an export is rare, and a pool shared with the shop should not feel it. */
const ORDERS_AT_ONCE = 4;

export async function exportPersonalData(
  ctx: OrdersContext,
  actor: Actor | null,
): Promise<PersonalDataExport> {
  const { userId } = requirePermission(actor, 'account:own');
  const account = await currentUser(ctx.db, actor);
  // requirePermission passed, so the session has an account; a row deleted meanwhile reads as none.
  if (!account) throw new Error('The session’s account is gone.');
  const [consents, beneficiaries, summaries, wallet, emails, orderMessages] = await Promise.all([
    listOwnConsents(ctx.db, actor),
    getBeneficiaries(ctx.db, actor, {}),
    listOrders(ctx.db, actor),
    getWallet(ctx.db, actor),
    sentEmailsTo(ctx.db, account.email),
    orderMessagesOfRemitter(ctx.db, userId),
  ]);
  const orders: OrderGroup[] = [];
  for (let start = 0; start < summaries.length; start += ORDERS_AT_ONCE) {
    const batch = summaries.slice(start, start + ORDERS_AT_ONCE);
    orders.push(...(await Promise.all(batch.map((summary) => getOwnOrder(ctx, actor, summary.number)))));
  }
  return {
    generated_at: ctx.now().toISOString(),
    account,
    consents,
    beneficiaries: beneficiaries.results,
    orders,
    wallet,
    messages: { emails, order_messages: orderMessages },
  };
}
