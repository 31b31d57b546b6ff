ALTER TABLE "fiscal_documents" DROP CONSTRAINT "fiscal_documents_status_check";--> statement-breakpoint
ALTER TABLE "fiscal_documents" DROP CONSTRAINT "fiscal_documents_kind_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_rate" text;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD COLUMN "official_url" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_rate" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_rate_check" CHECK ("products"."vat_rate" in ('basic', 'standard', 'exempt'));--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_status_check" CHECK ("fiscal_documents"."status" in ('pending', 'issued', 'failed', 'void', 'held'));--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_kind_check" CHECK ("fiscal_documents"."kind" in ('sale', 'sale_credit_note', 'shipping', 'shipping_credit_note', 'commission', 'commission_credit_note'));--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_vat_rate_check" CHECK ("order_lines"."vat_rate" in (0, 10, 22));