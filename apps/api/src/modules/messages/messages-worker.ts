import {
  type MessageAudience,
  type OrderMessageKind,
  type OrderMessageParams,
  renderOrderMessage,
  sendableAt,
} from '@mandado/shared/order-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import {
  type JobKind,
  type JobRunner,
  type OutboxHandler,
  outboxJob,
  startJob,
} from '../../jobs/job-runner.ts';
import { givesUp, type RetryPolicy, retryDelaySeconds } from '../../jobs/retry-delay.ts';
import {
  type MessageSender,
  type MessagingConfig,
  PermanentSendError,
  ProviderError,
  preferredSender,
} from './message-channels.ts';
import {
  type ClaimedMessage,
  claimDueMessages,
  deferMessage,
  isOptedOut,
  markMessageOptedOut,
  markMessageSent,
  recordMessageFailure,
  releaseMessageLeases,
} from './messages.repository.ts';

/** 30 s doubling to 30 min, ±20 %; after 8 failed attempts (about two hours) the message has failed. */
export const MESSAGE_RETRY: RetryPolicy = { firstSeconds: 30, maxSeconds: 1800, jitter: 0.2, maxAttempts: 8 };

export interface MessagesJobOptions {
  db: Database;
  log: FastifyBaseLogger;
  messaging: MessagingConfig;
  /** The site's base URL: the links in the texts. */
  publicUrl: string;
  /** The clock quiet hours and due rows are read on (tests stand at a chosen hour). */
  now?: () => Date;
  /** A sender built by the caller (tests); wins over `messaging`. */
  sender?: MessageSender;
  intervalMs?: number;
  batchSize?: number;
}

type Outcome = 'sent' | 'captured' | 'deferred' | 'opted_out' | 'failed';

/**
 * The message outbox as a kind of the one jobs module (decision 058): claim the due rows, and for each one
 * check the hour (a retry that came due at night waits for 08:00), the number's opt-out on the channel, then
 * send. A provider's permanent refusal fails the row at once; anything else is retried with MESSAGE_RETRY.
 */
export function messagesJob(options: MessagesJobOptions): JobKind {
  const { db, log } = options;
  const clock = options.now ?? (() => new Date());
  const sender = options.sender ?? preferredSender(options.messaging, log, options.publicUrl);
  const handler: OutboxHandler<ClaimedMessage, undefined, Outcome> = {
    name: 'messages',
    batchSize: options.batchSize ?? 50,
    concurrency: 4,
    claim: (limit) => claimDueMessages(db, limit, clock(), 60),
    prepare: async () => undefined,
    async handle(message) {
      const now = clock();
      const at = sendableAt(now);
      if (at.getTime() > now.getTime()) {
        await deferMessage(db, message.id, at);
        return 'deferred';
      }
      if (await isOptedOut(db, message.toPhone, sender.channel)) {
        await markMessageOptedOut(db, message.id, sender.channel);
        return 'opted_out';
      }
      const text = renderOrderMessage(
        message.kind as OrderMessageKind,
        message.audience as MessageAudience,
        message.params as unknown as OrderMessageParams,
        options.publicUrl,
      );
      try {
        const result = await sender.send({
          id: message.id,
          kind: message.kind,
          to: message.toPhone,
          ...text,
        });
        await markMessageSent(db, message.id, { channel: sender.channel, ...result });
        return result.status;
      } catch (error) {
        const attempts = message.attempts + 1;
        const giveUp = error instanceof PermanentSendError || givesUp(MESSAGE_RETRY, attempts);
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ messageId: message.id, attempts, giveUp }, `Message delivery failed: ${reason}`);
        await recordMessageFailure(db, message.id, {
          error: error instanceof ProviderError ? `${reason}: ${error.detail}` : reason,
          retryInSeconds: retryDelaySeconds(MESSAGE_RETRY, attempts),
          giveUp,
          channel: sender.channel,
        });
        return 'failed';
      }
    },
    release: (messages) =>
      releaseMessageLeases(
        db,
        messages.map((message) => message.id),
      ),
  };
  return outboxJob(handler, {
    intervalMs: options.intervalMs ?? 5000,
    failureMessage: 'Message outbox pass failed',
  });
}

/** The messages kind on its own (tests; the server starts it with the other kinds). */
export function startMessagesWorker(options: MessagesJobOptions): JobRunner {
  return startJob(messagesJob(options), options.log);
}
