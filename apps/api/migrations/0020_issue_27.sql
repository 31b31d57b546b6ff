ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_actor_role_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "units" integer;--> statement-breakpoint
CREATE INDEX "refunds_order_line_idx" ON "refunds" USING btree ("order_line_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_units_check" CHECK ("refunds"."units" is null or ("refunds"."units" > 0 and "refunds"."order_line_id" is not null));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_role_check" CHECK ("audit_events"."actor_role" in ('owner', 'staff', 'operator', 'courier_link'));