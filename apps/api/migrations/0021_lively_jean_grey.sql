ALTER TABLE "stores" ADD COLUMN "auto_accept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "preparation_minutes" integer;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "unaccepted_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_preparation_minutes_check" CHECK ("stores"."preparation_minutes" is null or "stores"."preparation_minutes" between 5 and 240);