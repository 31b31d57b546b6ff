ALTER TABLE "store_order_receipts" ADD COLUMN "photo_media_key" text;--> statement-breakpoint
-- Hand-written (decision 074): store orders an operator moved to delivered by hand before every hand-over
-- stamped delivered_at. Their last change stands in, as retention-due.sql.ts already reads them.
UPDATE "store_orders" SET "delivered_at" = "updated_at" WHERE "status" IN ('delivered', 'fulfilled') AND "delivered_at" IS NULL;
