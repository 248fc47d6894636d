CREATE TABLE "chatbot_ai_usage" (
	"chatbot_id" uuid NOT NULL,
	"day" date NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chatbot_ai_usage_chatbot_id_day_pk" PRIMARY KEY("chatbot_id","day")
);
--> statement-breakpoint
CREATE TABLE "chatbot_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chatbot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"visitor_token_hash" text NOT NULL,
	"state" jsonb NOT NULL,
	"visitor_email" text,
	"visitor_name" text,
	"contact_id" uuid,
	"deal_id" uuid,
	"booking_id" uuid,
	"ip_hash" text,
	"preview" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_conversations_state_is_object" CHECK (jsonb_typeof("chatbot_conversations"."state") = 'object')
);
--> statement-breakpoint
CREATE TABLE "chatbot_knowledge" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chatbot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbot_knowledge_kind_check" CHECK ("chatbot_knowledge"."kind" in ('qa', 'document')),
	CONSTRAINT "chatbot_knowledge_title_not_blank" CHECK (length(btrim("chatbot_knowledge"."title")) > 0),
	CONSTRAINT "chatbot_knowledge_body_not_blank" CHECK (length(btrim("chatbot_knowledge"."body")) > 0)
);
--> statement-breakpoint
CREATE TABLE "chatbot_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', text)) STORED NOT NULL,
	CONSTRAINT "chatbot_messages_role_check" CHECK ("chatbot_messages"."role" in ('bot', 'visitor')),
	CONSTRAINT "chatbot_messages_sources_is_array" CHECK (jsonb_typeof("chatbot_messages"."sources") = 'array')
);
--> statement-breakpoint
CREATE TABLE "chatbot_passages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"knowledge_id" uuid NOT NULL,
	"chatbot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"position" integer NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', text), 'B')) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_ai_config" DROP CONSTRAINT "user_ai_config_provider_check";--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD COLUMN "draft_flow" jsonb DEFAULT '{"version":1,"start":null,"groups":[],"edges":[],"variables":[],"settings":{"maxAiAnswers":5}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD COLUMN "published_flow" jsonb;--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD COLUMN "answer_only_from_knowledge" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD COLUMN "max_ai_answers_per_day" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD COLUMN "ai_error" text;--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD COLUMN "ai_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_ai_config" ADD COLUMN "base_url" text;--> statement-breakpoint
ALTER TABLE "chatbot_ai_usage" ADD CONSTRAINT "chatbot_ai_usage_chatbot_id_chatbot_flows_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbot_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_conversations" ADD CONSTRAINT "chatbot_conversations_chatbot_id_chatbot_flows_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbot_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_conversations" ADD CONSTRAINT "chatbot_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_conversations" ADD CONSTRAINT "chatbot_conversations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_conversations" ADD CONSTRAINT "chatbot_conversations_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_conversations" ADD CONSTRAINT "chatbot_conversations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_knowledge" ADD CONSTRAINT "chatbot_knowledge_chatbot_id_chatbot_flows_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbot_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_knowledge" ADD CONSTRAINT "chatbot_knowledge_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_messages" ADD CONSTRAINT "chatbot_messages_conversation_id_chatbot_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chatbot_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_messages" ADD CONSTRAINT "chatbot_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_passages" ADD CONSTRAINT "chatbot_passages_knowledge_id_chatbot_knowledge_id_fk" FOREIGN KEY ("knowledge_id") REFERENCES "public"."chatbot_knowledge"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_passages" ADD CONSTRAINT "chatbot_passages_chatbot_id_chatbot_flows_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbot_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_passages" ADD CONSTRAINT "chatbot_passages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbot_conversations_bot_created_idx" ON "chatbot_conversations" USING btree ("chatbot_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chatbot_conversations_user_created_idx" ON "chatbot_conversations" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chatbot_conversations_contact_idx" ON "chatbot_conversations" USING btree ("contact_id") WHERE "chatbot_conversations"."contact_id" is not null;--> statement-breakpoint
CREATE INDEX "chatbot_conversations_deal_idx" ON "chatbot_conversations" USING btree ("deal_id") WHERE "chatbot_conversations"."deal_id" is not null;--> statement-breakpoint
CREATE INDEX "chatbot_conversations_booking_idx" ON "chatbot_conversations" USING btree ("booking_id") WHERE "chatbot_conversations"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX "chatbot_knowledge_bot_created_idx" ON "chatbot_knowledge" USING btree ("chatbot_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chatbot_messages_conversation_idx" ON "chatbot_messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "chatbot_messages_search_idx" ON "chatbot_messages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "chatbot_passages_search_idx" ON "chatbot_passages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "chatbot_passages_bot_idx" ON "chatbot_passages" USING btree ("chatbot_id");--> statement-breakpoint
CREATE INDEX "chatbot_passages_knowledge_idx" ON "chatbot_passages" USING btree ("knowledge_id","position");--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD CONSTRAINT "chatbot_flows_draft_is_object" CHECK (jsonb_typeof("chatbot_flows"."draft_flow") = 'object');--> statement-breakpoint
ALTER TABLE "chatbot_flows" ADD CONSTRAINT "chatbot_flows_max_ai_answers_per_day" CHECK ("chatbot_flows"."max_ai_answers_per_day" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "user_ai_config" ADD CONSTRAINT "user_ai_config_provider_check" CHECK ("user_ai_config"."provider" in ('openai', 'anthropic', 'google', 'openaiCompatible'));