/** An e-mail as the modules write it; the outbox stores it and the worker sends it (decision 008). */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The order group it is about (issue 19): listed in the order's timeline, and sent again from there. */
  groupId?: number;
  /** What message it is ('order.confirmed', 'support.reply', …), for the timeline. */
  kind?: string;
  /** Answers go to this address (an answer from the support inbox: the person who wrote to us). */
  replyTo?: string;
}
