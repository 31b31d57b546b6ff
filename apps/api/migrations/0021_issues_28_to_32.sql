CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_delivery_windows" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"windows" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_key" text NOT NULL,
	"kind" text NOT NULL,
	"issuer" text NOT NULL,
	"store_id" integer NOT NULL,
	"store_order_id" integer,
	"refund_id" integer,
	"week_start" date,
	"cfe_type" smallint,
	"series" text,
	"number" integer,
	"provider" text,
	"test" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"total" numeric(12, 2),
	"iva_basic" numeric(12, 2),
	"iva_minimum" numeric(12, 2),
	"lines" jsonb,
	"provider_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "fiscal_documents_status_check" CHECK ("fiscal_documents"."status" in ('pending', 'issued', 'failed', 'void')),
	CONSTRAINT "fiscal_documents_kind_check" CHECK ("fiscal_documents"."kind" in ('sale', 'sale_credit_note', 'shipping', 'shipping_credit_note', 'commission')),
	CONSTRAINT "fiscal_documents_issuer_check" CHECK ("fiscal_documents"."issuer" in ('store', 'mandado'))
);
--> statement-breakpoint
CREATE TABLE "message_opt_outs" (
	"phone" text NOT NULL,
	"channel" text NOT NULL,
	"reply" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_opt_outs_phone_channel_pk" PRIMARY KEY("phone","channel")
);
--> statement-breakpoint
CREATE TABLE "message_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"store_order_id" integer,
	"kind" text NOT NULL,
	"audience" text NOT NULL,
	"to_phone" text NOT NULL,
	"params" jsonb NOT NULL,
	"channel" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"deferred_reason" text,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"status_at" timestamp with time zone,
	CONSTRAINT "message_outbox_status_check" CHECK ("message_outbox"."status" in ('pending', 'sent', 'captured', 'delivered', 'read', 'failed', 'opted_out')),
	CONSTRAINT "message_outbox_audience_check" CHECK ("message_outbox"."audience" in ('beneficiary', 'remitter')),
	CONSTRAINT "message_outbox_channel_check" CHECK ("message_outbox"."channel" is null or "message_outbox"."channel" in ('whatsapp', 'sms', 'log'))
);
--> statement-breakpoint
CREATE TABLE "store_order_receipt_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_order_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_order_id" integer NOT NULL,
	"status" text NOT NULL,
	"missing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	CONSTRAINT "store_order_receipts_store_order_id_unique" UNIQUE("store_order_id"),
	CONSTRAINT "store_order_receipts_status_check" CHECK ("store_order_receipts"."status" in ('received', 'claimed', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "store_payout_accounts" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"bank" text NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"holder_document" text NOT NULL,
	"holder_document_kind" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "store_payout_accounts_number_check" CHECK ("store_payout_accounts"."account_number" ~ '^[0-9]{5,14}$'),
	CONSTRAINT "store_payout_accounts_document_kind_check" CHECK ("store_payout_accounts"."holder_document_kind" in ('rut', 'ci'))
);
--> statement-breakpoint
CREATE TABLE "substitution_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_line_id" integer NOT NULL,
	"store_order_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"available_quantity" integer NOT NULL,
	"substitute" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answer" text,
	"answered_by" text,
	"proposed_by" integer,
	"deadline_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "substitution_questions_status_check" CHECK ("substitution_questions"."status" in ('pending', 'answered', 'lapsed')),
	CONSTRAINT "substitution_questions_answer_check" CHECK (("substitution_questions"."status" = 'answered') = ("substitution_questions"."answer" is not null and "substitution_questions"."answered_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "auto_accept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "preparation_minutes" integer;--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "gift_message" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "window_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "window_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "window_cutoff_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "unaccepted_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_delivery_windows" ADD CONSTRAINT "store_delivery_windows_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_receipt_history" ADD CONSTRAINT "store_order_receipt_history_receipt_id_store_order_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."store_order_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_receipt_history" ADD CONSTRAINT "store_order_receipt_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_receipts" ADD CONSTRAINT "store_order_receipts_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_receipts" ADD CONSTRAINT "store_order_receipts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payout_accounts" ADD CONSTRAINT "store_payout_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payout_accounts" ADD CONSTRAINT "store_payout_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_questions" ADD CONSTRAINT "substitution_questions_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_questions" ADD CONSTRAINT "substitution_questions_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_questions" ADD CONSTRAINT "substitution_questions_group_id_order_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_questions" ADD CONSTRAINT "substitution_questions_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_source_key" ON "fiscal_documents" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "fiscal_documents_due_idx" ON "fiscal_documents" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "fiscal_documents_store_order_idx" ON "fiscal_documents" USING btree ("store_order_id");--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "message_outbox_group_idx" ON "message_outbox" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_provider_id_key" ON "message_outbox" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "store_order_receipt_history_receipt_idx" ON "store_order_receipt_history" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "store_order_receipts_open_idx" ON "store_order_receipts" USING btree ("status","answered_at");--> statement-breakpoint
CREATE INDEX "substitution_questions_store_order_idx" ON "substitution_questions" USING btree ("store_order_id");--> statement-breakpoint
CREATE INDEX "substitution_questions_due_idx" ON "substitution_questions" USING btree ("deadline_at") WHERE "substitution_questions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "substitution_questions_open_line_idx" ON "substitution_questions" USING btree ("order_line_id") WHERE "substitution_questions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "store_orders_store_window_idx" ON "store_orders" USING btree ("store_id","window_starts_at");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_preparation_minutes_check" CHECK ("stores"."preparation_minutes" is null or "stores"."preparation_minutes" between 5 and 240);