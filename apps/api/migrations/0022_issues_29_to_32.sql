ALTER TABLE "stores" ADD COLUMN "substitution_wait_minutes" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "audience" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "display_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "display_rate" numeric(18, 8);--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "peso_rate" numeric(18, 8);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "display_total" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "store_order_receipts" ADD COLUMN "photo_media_key" text;--> statement-breakpoint
CREATE INDEX "store_orders_store_delivered_idx" ON "store_orders" USING btree ("store_id","delivered_at");--> statement-breakpoint
CREATE INDEX "store_orders_delivered_idx" ON "store_orders" USING btree ("delivered_at");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_substitution_wait_minutes_check" CHECK ("stores"."substitution_wait_minutes" between 5 and 120);--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_audience_check" CHECK ("push_subscriptions"."audience" in ('staff', 'shopper'));--> statement-breakpoint
UPDATE "store_orders" SET "delivered_at" = "updated_at" WHERE "status" IN ('delivered','fulfilled') AND "delivered_at" IS NULL;--> statement-breakpoint
UPDATE "products" p SET "returnable" = false FROM "stores" s WHERE s."id" = p."store_id" AND s."kind" IN ('greengrocer_shop','meat_shop','pharmacy');--> statement-breakpoint
UPDATE "order_lines" l SET "returnable" = p."returnable" FROM "products" p WHERE p."id" = l."product_id" AND NOT p."returnable";
