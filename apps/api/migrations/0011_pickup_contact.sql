ALTER TABLE "order_groups" ADD COLUMN "pickup_name" text;--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "pickup_phone" text;