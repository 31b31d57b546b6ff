CREATE TABLE "beneficiaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"beneficiary_id" uuid NOT NULL,
	"remitter_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address_line1" text NOT NULL,
	"mobile" text NOT NULL,
	"landline" text DEFAULT '' NOT NULL,
	"residency" text NOT NULL,
	"latitude" numeric(9, 6) NOT NULL,
	"longitude" numeric(9, 6) NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"delivery_notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beneficiaries_residency_check" CHECK ("beneficiaries"."residency" in ('building', 'house', 'floor', 'unit', 'office'))
);
--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_remitter_id_users_id_fk" FOREIGN KEY ("remitter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_beneficiary_id_key" ON "beneficiaries" USING btree ("beneficiary_id");--> statement-breakpoint
CREATE INDEX "beneficiaries_remitter_created_idx" ON "beneficiaries" USING btree ("remitter_id","created_at");