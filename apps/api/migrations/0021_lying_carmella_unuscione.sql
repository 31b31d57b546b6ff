CREATE TABLE "store_delivery_windows" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"windows" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "gift_message" text;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "window_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "window_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "window_cutoff_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_delivery_windows" ADD CONSTRAINT "store_delivery_windows_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_orders_store_window_idx" ON "store_orders" USING btree ("store_id","window_starts_at");