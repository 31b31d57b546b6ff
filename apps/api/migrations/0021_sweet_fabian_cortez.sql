CREATE TABLE "store_payout_accounts" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"bank" text NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"holder_document" text NOT NULL,
	"holder_document_kind" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "store_payout_accounts_number_check" CHECK ("store_payout_accounts"."account_number" ~ '^[0-9]{5,14}$'),
	CONSTRAINT "store_payout_accounts_document_kind_check" CHECK ("store_payout_accounts"."holder_document_kind" in ('rut', 'ci'))
);
--> statement-breakpoint
ALTER TABLE "store_payout_accounts" ADD CONSTRAINT "store_payout_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payout_accounts" ADD CONSTRAINT "store_payout_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;