ALTER TABLE "refunds" ADD COLUMN "units" integer;--> statement-breakpoint
CREATE INDEX "refunds_order_line_idx" ON "refunds" USING btree ("order_line_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_units_check" CHECK ("refunds"."units" is null or ("refunds"."units" > 0 and "refunds"."order_line_id" is not null));