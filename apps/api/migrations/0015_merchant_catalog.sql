CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor_role" text NOT NULL,
	"store_id" integer,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_events_actor_role_check" CHECK ("audit_events"."actor_role" in ('owner', 'staff', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "store_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_name" text NOT NULL,
	"kind" text NOT NULL,
	"address_line1" text NOT NULL,
	"city_id" integer NOT NULL,
	"latitude" numeric(9, 6) NOT NULL,
	"longitude" numeric(9, 6) NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_e164" text NOT NULL,
	"rut" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"store_id" integer,
	CONSTRAINT "store_applications_status_check" CHECK ("store_applications"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "store_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"email" text NOT NULL,
	"canonical_email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	CONSTRAINT "store_invitations_role_check" CHECK ("store_invitations"."role" in ('owner', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "store_statement_payments" (
	"store_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"reference" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_by" integer,
	CONSTRAINT "store_statement_payments_store_id_week_start_pk" PRIMARY KEY("store_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "closed_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "closed_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "closure_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "commission_rate" numeric(5, 2) DEFAULT '10.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "commission_rate" numeric(5, 2) DEFAULT '10.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_applications" ADD CONSTRAINT "store_applications_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_applications" ADD CONSTRAINT "store_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_applications" ADD CONSTRAINT "store_applications_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_invitations" ADD CONSTRAINT "store_invitations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_invitations" ADD CONSTRAINT "store_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_invitations" ADD CONSTRAINT "store_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_statement_payments" ADD CONSTRAINT "store_statement_payments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_statement_payments" ADD CONSTRAINT "store_statement_payments_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_store_at_idx" ON "audit_events" USING btree ("store_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_applications_pending_rut_key" ON "store_applications" USING btree ("rut") WHERE "store_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "store_applications_status_idx" ON "store_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_invitations_token_hash_key" ON "store_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "store_invitations_store_idx" ON "store_invitations" USING btree ("store_id");--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_closure_check" CHECK (("stores"."closed_from" is null) = ("stores"."closed_to" is null) and ("stores"."closed_to" is null or "stores"."closed_to" > "stores"."closed_from"));