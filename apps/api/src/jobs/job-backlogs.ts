import type { Database } from '../db/database.ts';
import { invoicingBacklog } from '../modules/invoicing/invoicing-worker.ts';
import { mailBacklog } from '../modules/mail/mail-worker.ts';
import { messageBacklog } from '../modules/messages/messages.service.ts';
import { refundBacklog } from '../modules/refunds/refund-worker.ts';
import { pushBacklog } from '../modules/store-inbox/push-worker.ts';
import { webhookBacklog } from '../modules/webhooks/webhook-worker.ts';
import type { JobBacklog } from './job-backlog.sql.ts';

export type { JobBacklog };

/** The outbox kinds: the ones with rows waiting that /metrics reports (decision 055). */
export type OutboxName = 'mail' | 'push' | 'webhooks' | 'refunds' | 'messages' | 'invoicing';

/**
 * Every outbox's waiting rows and the oldest one's age, one query per outbox through its kind's reader. Read
 * by every instance that serves /metrics, web ones included, so the readers are called here rather than on
 * the running jobs. A new outbox kind adds its line; the sweeps (order expiry, unsettled charges, photos) have
 * no backlog of their own.
 */
export async function readJobBacklogs(db: Database): Promise<Record<OutboxName, JobBacklog>> {
  return {
    mail: await mailBacklog(db),
    push: await pushBacklog(db),
    webhooks: await webhookBacklog(db),
    refunds: await refundBacklog(db),
    messages: await messageBacklog(db),
    invoicing: await invoicingBacklog(db),
  };
}
