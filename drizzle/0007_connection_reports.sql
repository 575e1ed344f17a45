CREATE TABLE "connection_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connection_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"score" integer NOT NULL,
	"band" text NOT NULL,
	"success_rate" real NOT NULL,
	"latency_ms" integer NOT NULL,
	"samples" integer NOT NULL,
	"transport" text NOT NULL,
	"poll_failures" integer DEFAULT 0 NOT NULL,
	"connection_type" text NOT NULL,
	"user_agent" text NOT NULL,
	"client_timestamp" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connection_reports" ADD CONSTRAINT "connection_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_reports_created_at_idx" ON "connection_reports" USING btree ("created_at");