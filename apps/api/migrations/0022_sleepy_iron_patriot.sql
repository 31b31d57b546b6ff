ALTER TABLE "stores" ADD COLUMN "substitution_wait_minutes" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "audience" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_substitution_wait_minutes_check" CHECK ("stores"."substitution_wait_minutes" between 5 and 120);--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_audience_check" CHECK ("push_subscriptions"."audience" in ('staff', 'shopper'));