ALTER TABLE "forms" ADD COLUMN "scoped_css" text;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "scoped_css_version" integer DEFAULT 0 NOT NULL;