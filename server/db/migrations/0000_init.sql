CREATE TYPE "public"."auth_provider" AS ENUM('local', 'google', 'facebook', 'apple', 'oidc');--> statement-breakpoint
CREATE TYPE "public"."address_type" AS ENUM('residential', 'shipping', 'billing', 'legal');--> statement-breakpoint
CREATE TYPE "public"."consent_kind" AS ENUM('terms', 'privacy', 'commercial', 'partner');--> statement-breakpoint
CREATE TYPE "public"."user_action_token_kind" AS ENUM('confirm_email', 'reset_password', 'set_password', 'auto_login');--> statement-breakpoint
CREATE TYPE "public"."property_origin" AS ENUM('listing', 'valuation');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending', 'paid', 'failed', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."appointment_actor" AS ENUM('none', 'owner', 'buyer', 'call_center', 'back_office');--> statement-breakpoint
CREATE TABLE "amenities" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(48) NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "amenities_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "appointment_refusal_reasons" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(48) NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_refusal_reasons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "appointment_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(48) NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "appointment_statuses_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "document_kinds" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(48) NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "document_kinds_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "energy_classes" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "energy_classes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "furnishing_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "furnishing_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "heating_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "heating_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "media_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(48) NOT NULL,
	"name" text NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "media_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "occupancy_situations" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "occupancy_situations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "plan_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(48) NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "property_conditions" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "property_conditions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "property_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "property_statuses_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "property_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"plural_name" text NOT NULL,
	"residential" boolean DEFAULT true NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "property_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "room_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(48) NOT NULL,
	"name" text NOT NULL,
	"counts_as_room" boolean DEFAULT false NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "room_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "search_slug_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"name" text NOT NULL,
	"property_type_ids" smallint[] DEFAULT '{}' NOT NULL,
	"rooms" smallint,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_slug_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "search_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sell_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"slug" varchar(32) NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "sell_types_code_unique" UNIQUE("code"),
	CONSTRAINT "sell_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "service_products" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(48) NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "service_products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "upload_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(48) NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "upload_statuses_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "user_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" varchar(64) NOT NULL,
	"area" text NOT NULL,
	CONSTRAINT "regions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"id" smallint PRIMARY KEY NOT NULL,
	"sigla" varchar(2) NOT NULL,
	"name" text NOT NULL,
	"slug" varchar(64) NOT NULL,
	"region_id" smallint NOT NULL,
	CONSTRAINT "provinces_sigla_unique" UNIQUE("sigla"),
	CONSTRAINT "provinces_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "municipalities" (
	"id" integer PRIMARY KEY NOT NULL,
	"istat_code" varchar(6) NOT NULL,
	"name" text NOT NULL,
	"slug" varchar(96) NOT NULL,
	"search_name" text NOT NULL,
	"province_id" smallint NOT NULL,
	"cadastral_code" varchar(4),
	"postcodes" varchar(5)[] DEFAULT '{}' NOT NULL,
	"population" integer,
	"latitude" double precision,
	"longitude" double precision,
	CONSTRAINT "municipalities_istat_code_unique" UNIQUE("istat_code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" varchar(254) NOT NULL,
	"business_name" smallint DEFAULT 0 NOT NULL,
	"user_type_id" smallint DEFAULT 0 NOT NULL,
	"portal" smallint DEFAULT 5 NOT NULL,
	"access_type" smallint DEFAULT 0 NOT NULL,
	"password_hash" text,
	"provider" "auth_provider" DEFAULT 'local' NOT NULL,
	"provider_subject" varchar(255),
	"is_silent" boolean DEFAULT false NOT NULL,
	"registration_confirmed" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"failed_login_attempts" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"name" varchar(100),
	"surname" varchar(100),
	"phone_prefix" varchar(6),
	"phone" varchar(20),
	"birthday_date" date,
	"birthday_city" varchar(120),
	"birthday_country" varchar(80),
	"sex" varchar(1),
	"fiscal_code" varchar(16),
	"company_name" varchar(200),
	"pec_address" varchar(254),
	"vat_number" varchar(11),
	"unique_code" varchar(7),
	"referent_name" varchar(100),
	"referent_surname" varchar(100),
	"referent_phone" varchar(20),
	"agency_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_addresses" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "user_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" "address_type" NOT NULL,
	"street" varchar(200),
	"number" varchar(20),
	"city" varchar(120),
	"municipality_id" integer,
	"postal_code" varchar(10),
	"province" varchar(60),
	"country" text DEFAULT 'IT' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_consents" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "user_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" "consent_kind" NOT NULL,
	"granted" boolean NOT NULL,
	"text_version" varchar(32) NOT NULL,
	"source" varchar(48) NOT NULL,
	"ip" varchar(45),
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_tokens" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "session_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" varchar(128) NOT NULL,
	"user_token_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "session_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_action_tokens" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "user_action_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" varchar(128) NOT NULL,
	"kind" "user_action_token_kind" NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "user_action_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "user_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" varchar(128) NOT NULL,
	"user_id" integer,
	"portal" smallint DEFAULT 5 NOT NULL,
	"silent" boolean DEFAULT false NOT NULL,
	"user_agent" varchar(350),
	"ip" varchar(45),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "user_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "agencies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"logo_media_id" integer,
	"street" varchar(200),
	"street_number" varchar(20),
	"postal_code" varchar(5),
	"municipality_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"phone" varchar(20),
	"email" varchar(254),
	"website" varchar(254),
	"vat_number" varchar(11),
	"description" text,
	"is_partner" boolean DEFAULT false NOT NULL,
	"rating" numeric(2, 1),
	"reviews_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agencies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "properties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_user_id" integer NOT NULL,
	"origin" "property_origin" DEFAULT 'listing' NOT NULL,
	"sell_type_id" smallint,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"plan_type_id" smallint,
	"agency_id" integer,
	"municipality_id" integer,
	"street" varchar(200),
	"street_number" varchar(20),
	"postal_code" varchar(5),
	"latitude" double precision,
	"longitude" double precision,
	"show_address" boolean DEFAULT true NOT NULL,
	"property_type_id" smallint,
	"publication_property_type_id" smallint,
	"special_description" jsonb,
	"surface_m2" integer,
	"rooms" smallint,
	"bathrooms" smallint,
	"floor" smallint,
	"building_floors" smallint,
	"has_lift" boolean,
	"condition_id" smallint,
	"renovation_year" smallint,
	"build_year" smallint,
	"energy_class_id" smallint,
	"energy_performance" double precision,
	"heating_type_id" smallint,
	"condo_fees" integer,
	"occupancy_id" smallint,
	"available_from" date,
	"furnishing_id" smallint,
	"security_deposit" integer,
	"price_from_market" boolean,
	"estimate_min" integer,
	"estimate_max" integer,
	"price" integer,
	"title" varchar(120),
	"description" text,
	"wizard_page" jsonb,
	"wizard_history" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"highlighted_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "property_rooms" (
	"property_id" integer NOT NULL,
	"room_type_id" smallint NOT NULL,
	"count" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "property_rooms_property_id_room_type_id_pk" PRIMARY KEY("property_id","room_type_id")
);
--> statement-breakpoint
CREATE TABLE "property_amenities" (
	"property_id" integer NOT NULL,
	"amenity_id" smallint NOT NULL,
	CONSTRAINT "property_amenities_property_id_amenity_id_pk" PRIMARY KEY("property_id","amenity_id")
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer,
	"user_id" integer,
	"agency_id" integer,
	"media_type_id" smallint NOT NULL,
	"room_type_id" smallint,
	"storage_key" varchar(512) NOT NULL,
	"url" varchar(1024) NOT NULL,
	"thumbnail_key" varchar(512),
	"thumbnail_url" varchar(1024),
	"content_type" varchar(100) NOT NULL,
	"size_bytes" integer,
	"width" integer,
	"height" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	"caption" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_one_owner" CHECK (num_nonnulls("media"."property_id", "media"."user_id", "media"."agency_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind_id" smallint NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" varchar(512) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "contact_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(30),
	"subject" varchar(200),
	"message" text NOT NULL,
	"privacy_consent" boolean NOT NULL,
	"ip" varchar(45),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "job_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"message" text,
	"cv_storage_key" varchar(512) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"order_id" integer NOT NULL,
	"service_product_id" smallint NOT NULL,
	"quantity" smallint DEFAULT 1 NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "order_items_order_id_service_product_id_pk" PRIMARY KEY("order_id","service_product_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"property_id" integer,
	"plan_type_id" smallint,
	"status" "order_status" DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"payment_reference" varchar(128),
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_property_id_pk" PRIMARY KEY("user_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"search_type_id" smallint NOT NULL,
	"sell_type_id" smallint NOT NULL,
	"criteria" jsonb NOT NULL,
	"alerts_enabled" boolean DEFAULT true NOT NULL,
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "appointments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"requester_user_id" integer NOT NULL,
	"owner_user_id" integer NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"refusal_reason_id" smallint,
	"last_actor" "appointment_actor" DEFAULT 'none' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"phone" varchar(20),
	"message" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to_address" varchar(254) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"template" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"part" varchar(64) PRIMARY KEY NOT NULL,
	"version" varchar(64) NOT NULL,
	"summary" text,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provinces" ADD CONSTRAINT "provinces_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_consents" ADD CONSTRAINT "user_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_tokens" ADD CONSTRAINT "session_tokens_user_token_id_user_tokens_id_fk" FOREIGN KEY ("user_token_id") REFERENCES "public"."user_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_tokens" ADD CONSTRAINT "session_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_action_tokens" ADD CONSTRAINT "user_action_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_logo_media_id_media_id_fk" FOREIGN KEY ("logo_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_sell_type_id_sell_types_id_fk" FOREIGN KEY ("sell_type_id") REFERENCES "public"."sell_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_status_id_property_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."property_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_plan_type_id_plan_types_id_fk" FOREIGN KEY ("plan_type_id") REFERENCES "public"."plan_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_property_type_id_property_types_id_fk" FOREIGN KEY ("property_type_id") REFERENCES "public"."property_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_publication_property_type_id_property_types_id_fk" FOREIGN KEY ("publication_property_type_id") REFERENCES "public"."property_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_condition_id_property_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."property_conditions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_energy_class_id_energy_classes_id_fk" FOREIGN KEY ("energy_class_id") REFERENCES "public"."energy_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_heating_type_id_heating_types_id_fk" FOREIGN KEY ("heating_type_id") REFERENCES "public"."heating_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_occupancy_id_occupancy_situations_id_fk" FOREIGN KEY ("occupancy_id") REFERENCES "public"."occupancy_situations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_furnishing_id_furnishing_types_id_fk" FOREIGN KEY ("furnishing_id") REFERENCES "public"."furnishing_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_rooms" ADD CONSTRAINT "property_rooms_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_rooms" ADD CONSTRAINT "property_rooms_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_amenities" ADD CONSTRAINT "property_amenities_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_amenities" ADD CONSTRAINT "property_amenities_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_media_type_id_media_types_id_fk" FOREIGN KEY ("media_type_id") REFERENCES "public"."media_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_room_type_id_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_kind_id_document_kinds_id_fk" FOREIGN KEY ("kind_id") REFERENCES "public"."document_kinds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_service_product_id_service_products_id_fk" FOREIGN KEY ("service_product_id") REFERENCES "public"."service_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_type_id_plan_types_id_fk" FOREIGN KEY ("plan_type_id") REFERENCES "public"."plan_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_search_type_id_search_types_id_fk" FOREIGN KEY ("search_type_id") REFERENCES "public"."search_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_sell_type_id_sell_types_id_fk" FOREIGN KEY ("sell_type_id") REFERENCES "public"."sell_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_id_appointment_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."appointment_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_refusal_reason_id_appointment_refusal_reasons_id_fk" FOREIGN KEY ("refusal_reason_id") REFERENCES "public"."appointment_refusal_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provinces_region_idx" ON "provinces" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "municipalities_province_idx" ON "municipalities" USING btree ("province_id");--> statement-breakpoint
CREATE UNIQUE INDEX "municipalities_province_slug_uq" ON "municipalities" USING btree ("province_id","slug");--> statement-breakpoint
CREATE INDEX "municipalities_slug_idx" ON "municipalities" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "municipalities_search_name_idx" ON "municipalities" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "municipalities_population_idx" ON "municipalities" USING btree ("population" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_provider_subject_uq" ON "users" USING btree ("provider","provider_subject") WHERE "users"."provider_subject" is not null;--> statement-breakpoint
CREATE INDEX "users_agency_idx" ON "users" USING btree ("agency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_addresses_user_type_uq" ON "user_addresses" USING btree ("user_id","type");--> statement-breakpoint
CREATE INDEX "user_consents_user_kind_idx" ON "user_consents" USING btree ("user_id","kind","recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "session_tokens_user_token_idx" ON "session_tokens" USING btree ("user_token_id");--> statement-breakpoint
CREATE INDEX "session_tokens_expires_idx" ON "session_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_action_tokens_user_kind_idx" ON "user_action_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_tokens_expires_idx" ON "user_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "agencies_municipality_idx" ON "agencies" USING btree ("municipality_id");--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING btree ("municipality_id","sell_type_id","price","id") WHERE "properties"."status_id" = 2;--> statement-breakpoint
CREATE INDEX "properties_search_type_idx" ON "properties" USING btree ("municipality_id","sell_type_id","property_type_id","id") WHERE "properties"."status_id" = 2;--> statement-breakpoint
CREATE INDEX "properties_geo_idx" ON "properties" USING btree ("latitude","longitude") WHERE "properties"."status_id" = 2;--> statement-breakpoint
CREATE INDEX "properties_status_sell_idx" ON "properties" USING btree ("status_id","sell_type_id","id");--> statement-breakpoint
CREATE INDEX "properties_published_at_idx" ON "properties" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "properties"."status_id" = 2;--> statement-breakpoint
CREATE INDEX "properties_owner_idx" ON "properties" USING btree ("owner_user_id","id");--> statement-breakpoint
CREATE INDEX "properties_agency_idx" ON "properties" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "property_amenities_amenity_idx" ON "property_amenities" USING btree ("amenity_id","property_id");--> statement-breakpoint
CREATE INDEX "media_property_idx" ON "media" USING btree ("property_id","position");--> statement-breakpoint
CREATE INDEX "media_user_idx" ON "media" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "media_agency_idx" ON "media" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "documents_kind_idx" ON "documents" USING btree ("kind_id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "job_applications_created_idx" ON "job_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "orders_property_idx" ON "orders" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "favorites_property_idx" ON "favorites" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "appointments_requester_idx" ON "appointments" USING btree ("requester_user_id","status_id","id");--> statement-breakpoint
CREATE INDEX "appointments_owner_idx" ON "appointments" USING btree ("owner_user_id","status_id","id");--> statement-breakpoint
CREATE INDEX "appointments_property_idx" ON "appointments" USING btree ("property_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to_address","id");