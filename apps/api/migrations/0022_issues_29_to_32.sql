CREATE TABLE "processor_erasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"processor" text NOT NULL,
	"customer_ref" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_request_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_request_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_user_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_request_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_request_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "return_request_lines_quantity_check" CHECK ("return_request_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"store_order_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by" text NOT NULL,
	"requester_user_id" integer,
	"reason" text NOT NULL,
	"photo_key" text,
	"refund_to" text NOT NULL,
	"refusal_reason" text,
	"overrule_reason" text,
	"deadline_at" timestamp with time zone NOT NULL,
	"courier_token" text,
	"code_failures" integer DEFAULT 0 NOT NULL,
	"courier_locked_at" timestamp with time zone,
	"picked_up_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refunded_amount" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_status_check" CHECK ("return_requests"."status" in ('requested', 'accepted', 'refused', 'cancelled', 'picked_up', 'received')),
	CONSTRAINT "return_requests_requested_by_check" CHECK ("return_requests"."requested_by" in ('remitter', 'family')),
	CONSTRAINT "return_requests_refund_to_check" CHECK ("return_requests"."refund_to" in ('card', 'credit'))
);
--> statement-breakpoint
ALTER TABLE "fiscal_documents" DROP CONSTRAINT "fiscal_documents_status_check";--> statement-breakpoint
ALTER TABLE "fiscal_documents" DROP CONSTRAINT "fiscal_documents_kind_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_rate" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "returnable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "substitution_wait_minutes" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "audience" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "display_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD COLUMN "official_url" text;--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "display_rate" numeric(18, 8);--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "peso_rate" numeric(18, 8);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "display_total" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_rate" smallint;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "returnable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "store_order_receipts" ADD COLUMN "photo_media_key" text;--> statement-breakpoint
ALTER TABLE "return_request_history" ADD CONSTRAINT "return_request_history_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_group_id_order_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "processor_erasures_due_idx" ON "processor_erasures" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "return_request_history_request_idx" ON "return_request_history" USING btree ("return_request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "return_request_lines_request_line_key" ON "return_request_lines" USING btree ("return_request_id","order_line_id");--> statement-breakpoint
CREATE INDEX "return_request_lines_order_line_idx" ON "return_request_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_courier_token_key" ON "return_requests" USING btree ("courier_token");--> statement-breakpoint
CREATE INDEX "return_requests_group_idx" ON "return_requests" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "return_requests_store_status_idx" ON "return_requests" USING btree ("store_id","status","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_status_created_idx" ON "return_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "store_orders_store_delivered_idx" ON "store_orders" USING btree ("store_id","delivered_at");--> statement-breakpoint
CREATE INDEX "store_orders_delivered_idx" ON "store_orders" USING btree ("delivered_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_rate_check" CHECK ("products"."vat_rate" in ('basic', 'standard', 'exempt'));--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_substitution_wait_minutes_check" CHECK ("stores"."substitution_wait_minutes" between 5 and 120);--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_audience_check" CHECK ("push_subscriptions"."audience" in ('staff', 'shopper'));--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_status_check" CHECK ("fiscal_documents"."status" in ('pending', 'issued', 'failed', 'void', 'held'));--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_kind_check" CHECK ("fiscal_documents"."kind" in ('sale', 'sale_credit_note', 'shipping', 'shipping_credit_note', 'commission', 'commission_credit_note'));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_vat_rate_check" CHECK ("order_lines"."vat_rate" in (0, 10, 22));--> statement-breakpoint
UPDATE "store_orders" SET "delivered_at" = "updated_at" WHERE "status" IN ('delivered','fulfilled') AND "delivered_at" IS NULL;--> statement-breakpoint
UPDATE "products" p SET "returnable" = false FROM "stores" s WHERE s."id" = p."store_id" AND s."kind" IN ('greengrocer_shop','meat_shop','pharmacy');--> statement-breakpoint
UPDATE "order_lines" l SET "returnable" = p."returnable" FROM "products" p WHERE p."id" = l."product_id" AND NOT p."returnable";
