CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"subject" text NOT NULL,
	"comments" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"category" text NOT NULL,
	"product_name" text NOT NULL,
	"description" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_user_id" integer NOT NULL,
	"email" text NOT NULL,
	"canonical_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"invitee_user_id" integer NOT NULL,
	"inviter_user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"group_id" integer,
	"invitee_reward" numeric(12, 2),
	"inviter_reward" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('pending', 'applied', 'rewarded')),
	CONSTRAINT "referrals_not_self_check" CHECK ("referrals"."invitee_user_id" <> "referrals"."inviter_user_id")
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_suggestions" ADD CONSTRAINT "product_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_user_id_users_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitee_user_id_users_id_fk" FOREIGN KEY ("invitee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_user_id_users_id_fk" FOREIGN KEY ("inviter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_suggestions_created_idx" ON "product_suggestions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invitations_inviter_created_idx" ON "invitations" USING btree ("inviter_user_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_canonical_email_idx" ON "invitations" USING btree ("canonical_email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_invitee_key" ON "referrals" USING btree ("invitee_user_id");--> statement-breakpoint
CREATE INDEX "referrals_inviter_idx" ON "referrals" USING btree ("inviter_user_id");--> statement-breakpoint
CREATE INDEX "referrals_group_idx" ON "referrals" USING btree ("group_id");--> statement-breakpoint
-- Accounts that registered through a link before the referral table existed wait for their first purchase.
INSERT INTO "referrals" ("invitee_user_id", "inviter_user_id")
SELECT "id", "referred_by_user_id" FROM "users"
WHERE "referred_by_user_id" IS NOT NULL AND "referred_by_user_id" <> "id"
  AND EXISTS (SELECT 1 FROM "users" AS "inviter" WHERE "inviter"."id" = "users"."referred_by_user_id");
