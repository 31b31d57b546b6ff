import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters, shared by every API instance (see plugins/rate-limit.ts). UNLOGGED (migration
 * 0018, decision 046; Drizzle has no word for it): a crash forgets the current window's counts, nothing else.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.windowStart] }),
    index('rate_limit_hits_window_idx').on(t.windowStart),
  ],
);

/**
 * The next free slot of a paced outside service (the geocoder's 1 request a second), one row per service
 * origin, shared by every instance (decision 036): N instances still send one request a second, not N.
 */
export const pacedRequestSlots = pgTable('paced_request_slots', {
  origin: text('origin').primaryKey(),
  nextSlotAt: timestamp('next_slot_at', { withTimezone: true }).notNull(),
});
