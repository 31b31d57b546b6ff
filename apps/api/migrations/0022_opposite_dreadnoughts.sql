CREATE TABLE "fiscal_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_key" text NOT NULL,
	"kind" text NOT NULL,
	"issuer" text NOT NULL,
	"store_id" integer NOT NULL,
	"store_order_id" integer,
	"refund_id" integer,
	"week_start" date,
	"cfe_type" smallint,
	"series" text,
	"number" integer,
	"provider" text,
	"test" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"total" numeric(12, 2),
	"iva_basic" numeric(12, 2),
	"iva_minimum" numeric(12, 2),
	"lines" jsonb,
	"provider_ref" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "fiscal_documents_status_check" CHECK ("fiscal_documents"."status" in ('pending', 'issued', 'failed', 'void')),
	CONSTRAINT "fiscal_documents_kind_check" CHECK ("fiscal_documents"."kind" in ('sale', 'sale_credit_note', 'shipping', 'shipping_credit_note', 'commission')),
	CONSTRAINT "fiscal_documents_issuer_check" CHECK ("fiscal_documents"."issuer" in ('store', 'mandado'))
);
--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_source_key" ON "fiscal_documents" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "fiscal_documents_due_idx" ON "fiscal_documents" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "fiscal_documents_store_order_idx" ON "fiscal_documents" USING btree ("store_order_id");