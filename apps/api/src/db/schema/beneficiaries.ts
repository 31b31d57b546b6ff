import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { cities } from './catalog.ts';

/**
 * The people a remitter sends to (spec §3 Beneficiary), with the address and the map position. Country is
 * always Uruguay, so it is not stored. Orders will copy the address they use (decision 018), so deleting a row
 * here never changes an order.
 */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: serial('id').primaryKey(),
    /** Public id in the API's paths; the serial id never leaves the server. */
    beneficiaryId: uuid('beneficiary_id').notNull(),
    remitterId: integer('remitter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    addressLine1: text('address_line1').notNull(),
    /** In its mask, e.g. (091) 123456. */
    mobile: text('mobile').notNull(),
    /** In its mask, e.g. (2622) 1234; '' when the household has none. */
    landline: text('landline').notNull().default(''),
    residency: text('residency').notNull(),
    /** numeric(9,6) like the stores' coordinates: exact decimals (about 0.1 m), read back as written. */
    latitude: numeric('latitude', { precision: 9, scale: 6 }).notNull(),
    longitude: numeric('longitude', { precision: 9, scale: 6 }).notNull(),
    email: text('email').notNull().default(''),
    deliveryNotes: text('delivery_notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('beneficiaries_beneficiary_id_key').on(t.beneficiaryId),
    // The list: one remitter's rows, newest first.
    index('beneficiaries_remitter_created_idx').on(t.remitterId, t.createdAt),
    check(
      'beneficiaries_residency_check',
      sql`${t.residency} in ('building', 'house', 'floor', 'unit', 'office')`,
    ),
  ],
);
