ALTER TABLE "refunds" ADD COLUMN "display_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "display_rate" numeric(18, 8);--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "peso_rate" numeric(18, 8);--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "display_total" numeric(12, 2);