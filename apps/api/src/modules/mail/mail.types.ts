/** An e-mail as the modules write it; the outbox stores it and the worker sends it (decision 008). */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
