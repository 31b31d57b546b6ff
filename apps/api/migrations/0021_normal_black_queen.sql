CREATE TABLE "substitution_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_line_id" integer NOT NULL,
	"store_order_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"available_quantity" integer NOT NULL,
	"substitute" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"answer" text,
	"answered_by" text,
	"proposed_by" integer,
	"deadline_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "substitution_questions_status_check" CHECK ("substitution_questions"."status" in ('pending', 'answered', 'lapsed')),
	CONSTRAINT "substitution_questions_answer_check" CHECK (("substitution_questions"."status" = 'answered') = ("substitution_questions"."answer" is not null and "substitution_questions"."answered_by" is not null))
);
--> statement-breakpoint
ALTER TABLE "substitution_questions" ADD CONSTRAINT "substitution_questions_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_questions" ADD CONSTRAINT "substitution_questions_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_questions" ADD CONSTRAINT "substitution_questions_group_id_order_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_questions" ADD CONSTRAINT "substitution_questions_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "substitution_questions_store_order_idx" ON "substitution_questions" USING btree ("store_order_id");--> statement-breakpoint
CREATE INDEX "substitution_questions_due_idx" ON "substitution_questions" USING btree ("deadline_at") WHERE "substitution_questions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "substitution_questions_open_line_idx" ON "substitution_questions" USING btree ("order_line_id") WHERE "substitution_questions"."status" = 'pending';