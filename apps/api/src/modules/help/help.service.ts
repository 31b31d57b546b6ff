import {
  type ContactMessage,
  HELP_MESSAGES,
  type HelpSent,
  type PaymentInstructions,
  type Suggestion,
} from '@mandado/shared/help.schemas';
import { phoneCountry } from '@mandado/shared/phone-number';
import type { Actor } from '../../authorization.ts';
import type { Database } from '../../db/database.ts';
import { enqueueEmail } from '../mail/mail.service.ts';
import { getCheckoutSettings } from '../orders/checkout-settings.ts';
import { getPublicSettings } from '../settings/settings.service.ts';
import { presentPaymentInstructions } from './help.presenter.ts';
import { findUserPhone, insertContactMessage, insertSuggestion } from './help.repository.ts';
import { contactMessageEmail, suggestionEmail } from './help-emails.ts';

export interface HelpDeps {
  /** Tells the mail worker an e-mail waits, once the transaction that enqueued it has committed. */
  kickMailWorker: () => void;
}

/** The address the help area writes to: the `support_email` setting, as the public settings show it. */
export async function supportAddress(db: Database): Promise<string> {
  return (await getPublicSettings(db)).support_email;
}

/**
 * Spec §7 `POST /contact-us-email/`: the message is stored (with the account when logged in) and its e-mail to
 * support enqueued in one transaction, so a message is never stored without its e-mail or mailed without its
 * row. No IP address is stored (decision 028).
 */
export async function sendContactMessage(
  db: Database,
  actor: Actor | null,
  input: ContactMessage,
  deps: HelpDeps,
): Promise<HelpSent> {
  const supportEmail = await supportAddress(db);
  await db.transaction(async (tx) => {
    await insertContactMessage(tx, { userId: actor?.userId ?? null, ...input });
    await enqueueEmail(tx, contactMessageEmail(supportEmail, input, { loggedIn: actor !== null }));
  });
  deps.kickMailWorker();
  return { detail: HELP_MESSAGES.contactSent };
}

/** The product suggestion (spec §3; the spec shows no call): stored and mailed to the team, like a message. */
export async function sendSuggestion(
  db: Database,
  actor: Actor | null,
  input: Suggestion,
  deps: HelpDeps,
): Promise<HelpSent> {
  const supportEmail = await supportAddress(db);
  await db.transaction(async (tx) => {
    await insertSuggestion(tx, {
      userId: actor?.userId ?? null,
      category: input.category,
      productName: input.nameProduct,
      description: input.description,
      email: input.mail,
    });
    await enqueueEmail(tx, suggestionEmail(supportEmail, input, { loggedIn: actor !== null }));
  });
  deps.kickMailWorker();
  return { detail: HELP_MESSAGES.suggestionSent };
}

/**
 * The help area's instruction view: where transfers and cash deposits are taken, the one USD account, and the
 * shopper's country from the account's phone (the rule the checkout applies, checkout-options.service.ts).
 */
export async function getPaymentInstructions(
  db: Database,
  actor: Actor | null,
): Promise<PaymentInstructions> {
  const [settings, phone] = await Promise.all([
    getCheckoutSettings(db),
    actor ? findUserPhone(db, actor.userId) : Promise.resolve(undefined),
  ]);
  return presentPaymentInstructions(settings, phone ? phoneCountry(phone) : null);
}
