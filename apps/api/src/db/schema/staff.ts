import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { cities, stores } from './catalog.ts';

/**
 * Who works for a store (decision 012). Being a member of at least one store is what makes a user a
 * merchant; merchant permissions reach only these stores. `owner` will manage staff; both fulfil orders.
 */
export const storeMembers = pgTable(
  'store_members',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.userId] }),
    // The session lookup asks "which stores is this user in?": by user, not by store.
    index('store_members_user_id_idx').on(t.userId),
    check('store_members_role_check', sql`${t.role} in ('owner', 'staff')`),
  ],
);

/**
 * Roles granted to a user beyond the derived ones (every user is a remitter; a store member is a merchant).
 * Today only `operator`; a table rather than a flag on users so a later role needs no new column.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /**
     * The operator's permission group (issue 19): `administracion` holds every back-office power, `pagos`
     * money (payments, refunds, statements, wallet), `soporte` orders and the support inbox but no money.
     * Operators granted before groups existed are `administracion`.
     */
    operatorGroup: text('operator_group').notNull().default('administracion'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check('user_roles_role_check', sql`${t.role} in ('operator')`),
    check(
      'user_roles_operator_group_check',
      sql`${t.operatorGroup} in ('administracion', 'pagos', 'soporte')`,
    ),
  ],
);

/**
 * Four eyes on people (issue 27, decision 053): an operator group granted or raised from the back office
 * waits here until another operator of administración (not the one who asked, not the grantee) approves it.
 * One pending request per account.
 */
export const operatorGrantRequests = pgTable(
  'operator_grant_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operatorGroup: text('operator_group').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operator_grant_requests_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    check('operator_grant_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'operator_grant_requests_group_check',
      sql`${t.operatorGroup} in ('administracion', 'pagos', 'soporte')`,
    ),
  ],
);

/**
 * What staff did (issue 18; the back office reads it in issue 19): one row per action of a store owner, staff
 * member or operator, written in the same transaction as the change, so a change never lands without its
 * row. `action` is a dotted name (`product.created`, `product.stock`), `subject` what it acted on
 * (`product:42`), `detail` the fields that changed (never a secret, a card or a password).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * In what capacity: a store `owner` or `staff` member, an `operator`, or a store order's `courier_link`
     * (no account: the link's token is the credential, so actor_user_id is null and the subject names the
     * store order whose link acted).
     */
    actorRole: text('actor_role').notNull(),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_store_at_idx').on(t.storeId, t.at),
    index('audit_events_at_idx').on(t.at),
    // The back office's filters (issue 19): by who, and by what an action touched ('order:MND-…').
    index('audit_events_actor_at_idx').on(t.actorUserId, t.at),
    index('audit_events_subject_idx').on(t.subject),
    check(
      'audit_events_actor_role_check',
      sql`${t.actorRole} in ('owner', 'staff', 'operator', 'courier_link')`,
    ),
  ],
);

/**
 * An owner's invitation to join a store (issue 18), e-mailed as a link that works for 7 days. Only the
 * token's SHA-256 is kept, like a password-reset token: a database read does not hand out memberships. It is
 * accepted by the account with the invited e-mail, after logging in or registering through the link.
 */
export const storeInvitations = pgTable(
  'store_invitations',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** As typed, for the e-mail; `canonicalEmail` is what an account's e-mail is compared with. */
    email: text('email').notNull(),
    canonicalEmail: text('canonical_email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('store_invitations_token_hash_key').on(t.tokenHash),
    index('store_invitations_store_idx').on(t.storeId),
    check('store_invitations_role_check', sql`${t.role} in ('owner', 'staff')`),
  ],
);

/**
 * 'Vende en Mandado' (issue 18): a store asking to join. Operators are e-mailed; approving one creates the
 * store (not yet shown to shoppers) and invites the applicant as its owner. One pending application per RUT.
 */
export const storeApplications = pgTable(
  'store_applications',
  {
    id: serial('id').primaryKey(),
    storeName: text('store_name').notNull(),
    kind: text('kind').notNull(),
    addressLine1: text('address_line1').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    latitude: numeric('latitude', { precision: 9, scale: 6 }).notNull(),
    longitude: numeric('longitude', { precision: 9, scale: 6 }).notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phoneE164: text('phone_e164').notNull(),
    rut: text('rut').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    /** Why it was rejected, e-mailed to the applicant (issue 19); '' otherwise. */
    rejectionReason: text('rejection_reason').notNull().default(''),
  },
  (t) => [
    uniqueIndex('store_applications_pending_rut_key').on(t.rut).where(sql`${t.status} = 'pending'`),
    index('store_applications_status_idx').on(t.status, t.createdAt),
    check('store_applications_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * A store's weekly statement marked paid (issue 18; operators mark it in the back office, issue 19): the bank
 * transfer's reference. A week without a row is pending. The statement itself is computed from the week's
 * delivered store orders, whose commission rates were frozen when they were placed.
 */
export const storeStatementPayments = pgTable(
  'store_statement_payments',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The week's Monday (Montevideo). */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.weekStart] })],
);

/**
 * The bank account a store is paid into (issue 31, decision 068): one per store, set by an owner, each change
 * audited and e-mailed to the owners. Shown masked everywhere; the whole number is for the operators' transfer.
 */
export const storePayoutAccounts = pgTable(
  'store_payout_accounts',
  {
    storeId: integer('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    bank: text('bank').notNull(),
    accountNumber: text('account_number').notNull(),
    holderName: text('holder_name').notNull(),
    /** The holder's RUT (12 digits) or CI (7–8), digits only. */
    holderDocument: text('holder_document').notNull(),
    holderDocumentKind: text('holder_document_kind').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('store_payout_accounts_number_check', sql`${t.accountNumber} ~ '^[0-9]{5,14}$'`),
    check('store_payout_accounts_document_kind_check', sql`${t.holderDocumentKind} in ('rut', 'ci')`),
  ],
);
