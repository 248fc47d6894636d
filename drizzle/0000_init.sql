CREATE TABLE "auth_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"avatar_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"company" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipelines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"stages" text[] DEFAULT ARRAY['Lead', 'Contact Made', 'Proposal Sent', 'Negotiation', 'Won', 'Lost']::text[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipelines_name_not_blank" CHECK (length(btrim("pipelines"."name")) > 0),
	CONSTRAINT "pipelines_stages_not_blank" CHECK (array_position("pipelines"."stages", null) is null and '' <> all("pipelines"."stages"))
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"stage" text DEFAULT 'Lead' NOT NULL,
	"value" numeric(14, 2),
	"currency" text DEFAULT 'USD' NOT NULL,
	"expected_close_date" date,
	"contact_id" uuid,
	"pipeline_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_name_not_blank" CHECK (length(btrim("deals"."name")) > 0),
	CONSTRAINT "deals_stage_not_blank" CHECK (length(btrim("deals"."stage")) > 0),
	CONSTRAINT "deals_value_not_negative" CHECK ("deals"."value" >= 0),
	CONSTRAINT "deals_currency_check" CHECK ("deals"."currency" in ('USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD'))
);
--> statement-breakpoint
CREATE TABLE "deal_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"activity_type" text NOT NULL,
	"description" text NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"completed_at" timestamp with time zone,
	"assigned_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_activities_type_check" CHECK ("deal_activities"."activity_type" in ('call', 'email', 'meeting', 'follow_up', 'proposal', 'custom')),
	CONSTRAINT "deal_activities_priority_check" CHECK ("deal_activities"."priority" in ('low', 'medium', 'high')),
	CONSTRAINT "deal_activities_status_check" CHECK ("deal_activities"."status" in ('pending', 'completed')),
	CONSTRAINT "deal_activities_description_not_blank" CHECK (length(btrim("deal_activities"."description")) > 0),
	CONSTRAINT "deal_activities_completed_at_check" CHECK (("deal_activities"."status" = 'completed') = ("deal_activities"."completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'Not Started' NOT NULL,
	"due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_name_not_blank" CHECK (length(btrim("projects"."name")) > 0),
	CONSTRAINT "projects_status_check" CHECK ("projects"."status" in ('Not Started', 'Planning', 'In Progress', 'Review', 'Completed'))
);
--> statement-breakpoint
CREATE TABLE "task_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#94A3B8' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_categories_name_not_blank" CHECK (length(btrim("task_categories"."name")) > 0),
	CONSTRAINT "task_categories_color_check" CHECK ("task_categories"."color" ~ '^#[0-9A-Fa-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_user_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'To Do' NOT NULL,
	"due_date" timestamp with time zone,
	"is_milestone" boolean DEFAULT false NOT NULL,
	"project_id" uuid,
	"deal_id" uuid,
	"category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_name_not_blank" CHECK (length(btrim("tasks"."name")) > 0),
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('To Do', 'In Progress', 'Done')),
	CONSTRAINT "tasks_project_or_deal_check" CHECK ("tasks"."project_id" is null or "tasks"."deal_id" is null)
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_hash" text,
	"idempotency_key" text,
	"created_deal_id" uuid,
	"created_contact_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_form_idempotency_key_unique" UNIQUE("form_id","idempotency_key"),
	CONSTRAINT "form_submissions_data_is_object" CHECK (jsonb_typeof("form_submissions"."data") = 'object')
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{"autoCreateDeal":false,"dealStage":"Lead","notifyOnSubmission":true,"successMessage":"Thank you for your submission!","fieldMapping":{}}'::jsonb NOT NULL,
	"style" jsonb DEFAULT '{"theme":"light","primaryColor":"#3B82F6","backgroundColor":"#FFFFFF","borderRadius":"md","fontFamily":"sans"}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forms_fields_is_array" CHECK (jsonb_typeof("forms"."fields") = 'array'),
	CONSTRAINT "forms_settings_is_object" CHECK (jsonb_typeof("forms"."settings") = 'object'),
	CONSTRAINT "forms_style_is_object" CHECK (jsonb_typeof("forms"."style") = 'object')
);
--> statement-breakpoint
CREATE TABLE "chatbot_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_flows_name_not_blank" CHECK (length(btrim("chatbot_flows"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"scheduled_start_time" timestamp with time zone NOT NULL,
	"scheduled_end_time" timestamp with time zone NOT NULL,
	"booker_name" text NOT NULL,
	"booker_email" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'Scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('Scheduled', 'Cancelled', 'Completed')),
	CONSTRAINT "bookings_end_after_start" CHECK ("bookings"."scheduled_end_time" > "bookings"."scheduled_start_time"),
	CONSTRAINT "bookings_booker_name_not_blank" CHECK (length(btrim("bookings"."booker_name")) > 0),
	CONSTRAINT "bookings_booker_email_not_blank" CHECK (length(btrim("bookings"."booker_email")) > 0)
);
--> statement-breakpoint
CREATE TABLE "scheduling_availability" (
	"user_id" uuid NOT NULL,
	"day_of_week" smallint NOT NULL,
	"is_available" boolean DEFAULT false NOT NULL,
	"start_time" text DEFAULT '09:00' NOT NULL,
	"end_time" text DEFAULT '17:00' NOT NULL,
	CONSTRAINT "scheduling_availability_pkey" PRIMARY KEY("user_id","day_of_week"),
	CONSTRAINT "scheduling_availability_day_check" CHECK ("scheduling_availability"."day_of_week" between 0 and 6),
	CONSTRAINT "scheduling_availability_start_check" CHECK ("scheduling_availability"."start_time" ~ '^([01][0-9]|2[0-3]):[03]0$'),
	CONSTRAINT "scheduling_availability_end_check" CHECK ("scheduling_availability"."end_time" ~ '^([01][0-9]|2[0-3]):[03]0$')
);
--> statement-breakpoint
CREATE TABLE "scheduling_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"timezone" text NOT NULL,
	"time_format" text DEFAULT '24h' NOT NULL,
	"min_notice_minutes" integer DEFAULT 0 NOT NULL,
	"max_advance_days" integer DEFAULT 90 NOT NULL,
	CONSTRAINT "scheduling_settings_timezone_not_blank" CHECK (length(btrim("scheduling_settings"."timezone")) > 0),
	CONSTRAINT "scheduling_settings_time_format_check" CHECK ("scheduling_settings"."time_format" in ('12h', '24h')),
	CONSTRAINT "scheduling_settings_min_notice_check" CHECK ("scheduling_settings"."min_notice_minutes" between 0 and 1440),
	CONSTRAINT "scheduling_settings_max_advance_check" CHECK ("scheduling_settings"."max_advance_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "user_ai_config" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"api_key_encrypted" text NOT NULL,
	"model" text NOT NULL,
	CONSTRAINT "user_ai_config_provider_check" CHECK ("user_ai_config"."provider" in ('openai', 'anthropic', 'google')),
	CONSTRAINT "user_ai_config_model_not_blank" CHECK (length(btrim("user_ai_config"."model")) > 0)
);
--> statement-breakpoint
CREATE TABLE "email_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"provider" text DEFAULT 'custom' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_accounts_email_not_blank" CHECK (length(btrim("email_accounts"."email")) > 0),
	CONSTRAINT "email_accounts_provider_check" CHECK ("email_accounts"."provider" in ('custom'))
);
--> statement-breakpoint
CREATE TABLE "email_server_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email_account_id" uuid NOT NULL,
	"server_type" text NOT NULL,
	"server_host" text NOT NULL,
	"server_port" integer NOT NULL,
	"username" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"use_ssl" boolean DEFAULT true NOT NULL,
	"auth_method" text DEFAULT 'plain' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_server_config_account_type_unique" UNIQUE("email_account_id","server_type"),
	CONSTRAINT "email_server_config_server_type_check" CHECK ("email_server_config"."server_type" in ('pop3', 'smtp')),
	CONSTRAINT "email_server_config_auth_method_check" CHECK ("email_server_config"."auth_method" in ('plain', 'login', 'cram-md5')),
	CONSTRAINT "email_server_config_port_check" CHECK ("email_server_config"."server_port" between 1 and 65535),
	CONSTRAINT "email_server_config_host_not_blank" CHECK (length(btrim("email_server_config"."server_host")) > 0),
	CONSTRAINT "email_server_config_username_not_blank" CHECK (length(btrim("email_server_config"."username")) > 0)
);
--> statement-breakpoint
CREATE TABLE "calendar_integration" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"google_client_id" text,
	"google_client_secret_encrypted" text,
	"ics_token" text NOT NULL,
	CONSTRAINT "calendar_integration_ics_token_unique" UNIQUE("ics_token")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_accounts" ADD CONSTRAINT "auth_accounts_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_auth_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipelines" ADD CONSTRAINT "pipelines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_activities" ADD CONSTRAINT "deal_activities_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_activities" ADD CONSTRAINT "deal_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_activities" ADD CONSTRAINT "deal_activities_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_categories" ADD CONSTRAINT "task_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_category_id_task_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."task_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_created_deal_id_deals_id_fk" FOREIGN KEY ("created_deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_created_contact_id_contacts_id_fk" FOREIGN KEY ("created_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD CONSTRAINT "chatbot_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduling_availability" ADD CONSTRAINT "scheduling_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduling_settings" ADD CONSTRAINT "scheduling_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ai_config" ADD CONSTRAINT "user_ai_config_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_server_config" ADD CONSTRAINT "email_server_config_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_server_config" ADD CONSTRAINT "email_server_config_email_account_id_email_accounts_id_fk" FOREIGN KEY ("email_account_id") REFERENCES "public"."email_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_integration" ADD CONSTRAINT "calendar_integration_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_accounts_user_id_idx" ON "auth_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_id_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_verifications_identifier_idx" ON "auth_verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_user_name_idx" ON "contacts" USING btree ("user_id","name","id");--> statement-breakpoint
CREATE INDEX "pipelines_user_created_idx" ON "pipelines" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pipelines_one_default_per_user_idx" ON "pipelines" USING btree ("user_id") WHERE "pipelines"."is_default";--> statement-breakpoint
CREATE INDEX "deals_user_pipeline_created_idx" ON "deals" USING btree ("user_id","pipeline_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_user_stage_idx" ON "deals" USING btree ("user_id","stage");--> statement-breakpoint
CREATE INDEX "deals_pipeline_idx" ON "deals" USING btree ("pipeline_id");--> statement-breakpoint
CREATE INDEX "deals_contact_idx" ON "deals" USING btree ("contact_id") WHERE "deals"."contact_id" is not null;--> statement-breakpoint
CREATE INDEX "deal_activities_deal_status_due_idx" ON "deal_activities" USING btree ("deal_id","status","due_date");--> statement-breakpoint
CREATE INDEX "deal_activities_user_due_idx" ON "deal_activities" USING btree ("user_id","due_date");--> statement-breakpoint
CREATE INDEX "deal_activities_assigned_due_idx" ON "deal_activities" USING btree ("assigned_user_id","due_date");--> statement-breakpoint
CREATE INDEX "projects_user_created_idx" ON "projects" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "projects_user_status_idx" ON "projects" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "task_categories_user_name_idx" ON "task_categories" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "tasks_user_status_due_idx" ON "tasks" USING btree ("user_id","status","due_date");--> statement-breakpoint
CREATE INDEX "tasks_assigned_due_idx" ON "tasks" USING btree ("assigned_user_id","due_date");--> statement-breakpoint
CREATE INDEX "tasks_user_created_idx" ON "tasks" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_project_idx" ON "tasks" USING btree ("project_id") WHERE "tasks"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_deal_idx" ON "tasks" USING btree ("deal_id") WHERE "tasks"."deal_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_category_idx" ON "tasks" USING btree ("category_id") WHERE "tasks"."category_id" is not null;--> statement-breakpoint
CREATE INDEX "form_submissions_form_created_idx" ON "form_submissions" USING btree ("form_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "form_submissions_user_created_idx" ON "form_submissions" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "form_submissions_deal_idx" ON "form_submissions" USING btree ("created_deal_id") WHERE "form_submissions"."created_deal_id" is not null;--> statement-breakpoint
CREATE INDEX "form_submissions_contact_idx" ON "form_submissions" USING btree ("created_contact_id") WHERE "form_submissions"."created_contact_id" is not null;--> statement-breakpoint
CREATE INDEX "forms_user_created_idx" ON "forms" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chatbot_flows_user_created_idx" ON "chatbot_flows" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_user_start_idx" ON "bookings" USING btree ("user_id","scheduled_start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_user_scheduled_start_unique" ON "bookings" USING btree ("user_id","scheduled_start_time") WHERE "bookings"."status" = 'Scheduled';--> statement-breakpoint
CREATE INDEX "email_accounts_user_created_idx" ON "email_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "email_server_config_user_idx" ON "email_server_config" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");