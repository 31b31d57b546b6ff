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
ALTER TABLE "products" ADD COLUMN "returnable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "returnable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "return_request_history" ADD CONSTRAINT "return_request_history_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD CONSTRAINT "return_request_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_group_id_order_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_request_history_request_idx" ON "return_request_history" USING btree ("return_request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "return_request_lines_request_line_key" ON "return_request_lines" USING btree ("return_request_id","order_line_id");--> statement-breakpoint
CREATE INDEX "return_request_lines_order_line_idx" ON "return_request_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_courier_token_key" ON "return_requests" USING btree ("courier_token");--> statement-breakpoint
CREATE INDEX "return_requests_group_idx" ON "return_requests" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "return_requests_store_status_idx" ON "return_requests" USING btree ("store_id","status","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_status_created_idx" ON "return_requests" USING btree ("status","created_at");--> statement-breakpoint
-- Hand-written (decision 076): perishables and sealed hygiene goods are not returnable (Ley 17.250 art. 16 bis).
UPDATE "products" p SET "returnable" = false FROM "stores" s WHERE s."id" = p."store_id" AND s."kind" IN ('greengrocer_shop', 'meat_shop', 'pharmacy');--> statement-breakpoint
UPDATE "order_lines" l SET "returnable" = p."returnable" FROM "products" p WHERE p."id" = l."product_id" AND NOT p."returnable";
