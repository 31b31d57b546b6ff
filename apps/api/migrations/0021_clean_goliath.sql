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
ALTER TABLE "store_order_receipt_history" ADD CONSTRAINT "store_order_receipt_history_receipt_id_store_order_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."store_order_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_receipt_history" ADD CONSTRAINT "store_order_receipt_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_receipts" ADD CONSTRAINT "store_order_receipts_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_receipts" ADD CONSTRAINT "store_order_receipts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_order_receipt_history_receipt_idx" ON "store_order_receipt_history" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "store_order_receipts_open_idx" ON "store_order_receipts" USING btree ("status","answered_at");