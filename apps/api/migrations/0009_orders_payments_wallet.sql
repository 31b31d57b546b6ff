CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10234 CACHE 1;--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"minimum_purchase" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses_per_user" integer,
	"max_uses_total" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_type_check" CHECK ("coupons"."type" in ('discount_amount', 'discount_percentage')),
	CONSTRAINT "coupons_code_upper_check" CHECK ("coupons"."code" = upper("coupons"."code")),
	CONSTRAINT "coupons_value_check" CHECK ("coupons"."value" > 0),
	CONSTRAINT "coupons_uses_check" CHECK ("coupons"."uses_count" >= 0 and ("coupons"."max_uses_total" is null or "coupons"."uses_count" <= "coupons"."max_uses_total"))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"group_id" integer,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"remitter_id" integer NOT NULL,
	"status" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text NOT NULL,
	"processor" text NOT NULL,
	"processor_ref" text,
	"payment_label" text,
	"delivery" text NOT NULL,
	"substitution" text NOT NULL,
	"city_id" integer NOT NULL,
	"beneficiary" jsonb NOT NULL,
	"coupon_id" integer,
	"coupon_code" text,
	"subtotal" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"shipping" numeric(12, 2) NOT NULL,
	"credit" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"display_currency" text DEFAULT 'USD' NOT NULL,
	"country" text DEFAULT 'UY' NOT NULL,
	"delivery_from" text NOT NULL,
	"delivery_to" text NOT NULL,
	"tracking_token" text NOT NULL,
	"cancel_reason" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_reference" text,
	"paid_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_groups_status_check" CHECK ("order_groups"."status" in ('awaiting_payment', 'confirmed', 'cancelled')),
	CONSTRAINT "order_groups_payment_status_check" CHECK ("order_groups"."payment_status" in ('pending', 'paid', 'refunded')),
	CONSTRAINT "order_groups_payment_method_check" CHECK ("order_groups"."payment_method" in ('card', 'bank_transfer', 'cash_deposit', 'paypal')),
	CONSTRAINT "order_groups_delivery_check" CHECK ("order_groups"."delivery" in ('standard', 'pickup')),
	CONSTRAINT "order_groups_substitution_check" CHECK ("order_groups"."substitution" in ('similar', 'call', 'refund')),
	CONSTRAINT "order_groups_money_check" CHECK ("order_groups"."subtotal" >= 0 and "order_groups"."discount" >= 0 and "order_groups"."shipping" >= 0 and "order_groups"."credit" >= 0 and "order_groups"."total" >= 0 and "order_groups"."total" = "order_groups"."subtotal" - "order_groups"."discount" + "order_groups"."shipping" - "order_groups"."credit")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_order_id" integer NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"image" text,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"total_usd" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"substitution" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" between 1 and 99),
	CONSTRAINT "order_lines_discount_check" CHECK ("order_lines"."discount" >= 0 and "order_lines"."discount" <= "order_lines"."total_usd")
);
--> statement-breakpoint
CREATE TABLE "store_order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_role" text NOT NULL,
	"actor_user_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"number" text NOT NULL,
	"store_id" integer NOT NULL,
	"store_name" text NOT NULL,
	"store_address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"shipping" numeric(12, 2) NOT NULL,
	"credit" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_orders_status_check" CHECK ("store_orders"."status" in ('pending', 'approved', 'warning', 'rejected', 'preparing_to_delivery', 'ready_to_delivery', 'delivery_attempt', 'delivered', 'fulfilled')),
	CONSTRAINT "store_orders_money_check" CHECK ("store_orders"."subtotal" >= 0 and "store_orders"."discount" >= 0 and "store_orders"."shipping" >= 0 and "store_orders"."credit" >= 0 and "store_orders"."total" >= 0 and "store_orders"."total" = "store_orders"."subtotal" - "store_orders"."discount" + "store_orders"."shipping" - "store_orders"."credit")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"processor" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_processor_event_id_pk" PRIMARY KEY("processor","event_id")
);
--> statement-breakpoint
CREATE TABLE "processor_customers" (
	"user_id" integer NOT NULL,
	"processor" text NOT NULL,
	"customer_ref" text NOT NULL,
	CONSTRAINT "processor_customers_user_id_processor_pk" PRIMARY KEY("user_id","processor")
);
--> statement-breakpoint
CREATE TABLE "sandbox_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"decline_code" text,
	"refunded_amount" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"processor" text NOT NULL,
	"processor_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cards_processor_check" CHECK ("saved_cards"."processor" in ('sandbox', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"group_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('spent', 'refunded', 'earned', 'reversed', 'adjustment')),
	CONSTRAINT "wallet_entries_amount_check" CHECK ("wallet_entries"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_remitter_id_users_id_fk" FOREIGN KEY ("remitter_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_history" ADD CONSTRAINT "store_order_history_store_order_id_store_orders_id_fk" FOREIGN KEY ("store_order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_group_id_order_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."order_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processor_customers" ADD CONSTRAINT "processor_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_group_key" ON "coupon_redemptions" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_groups_number_key" ON "order_groups" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "order_groups_tracking_token_key" ON "order_groups" USING btree ("tracking_token");--> statement-breakpoint
CREATE INDEX "order_groups_remitter_created_idx" ON "order_groups" USING btree ("remitter_id","created_at");--> statement-breakpoint
CREATE INDEX "order_groups_expiry_idx" ON "order_groups" USING btree ("status","payment_status","expires_at");--> statement-breakpoint
CREATE INDEX "order_lines_store_order_idx" ON "order_lines" USING btree ("store_order_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "store_order_history_order_idx" ON "store_order_history" USING btree ("store_order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_number_key" ON "store_orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_group_store_key" ON "store_orders" USING btree ("group_id","store_id");--> statement-breakpoint
CREATE INDEX "store_orders_store_created_idx" ON "store_orders" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_intents_idempotency_key" ON "sandbox_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_intents_user_idx" ON "sandbox_intents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_card_id_key" ON "saved_cards" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_user_token_key" ON "saved_cards" USING btree ("user_id","processor_token");--> statement-breakpoint
CREATE INDEX "wallet_entries_user_created_idx" ON "wallet_entries" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_credit_check" CHECK ("users"."credit" >= 0);