CREATE TABLE "retention_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retention_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"counts" jsonb NOT NULL,
	"failed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "retention_runs_started_at_idx" ON "retention_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "sessions_identifying_created_at_idx" ON "sessions" USING btree ("created_at") WHERE "sessions"."ip" is not null or "sessions"."device_id" is not null or "sessions"."user_agent" is not null;--> statement-breakpoint
CREATE INDEX "messages_room_created_at_idx" ON "messages" USING btree ("created_at") WHERE not "messages"."is_private";--> statement-breakpoint
CREATE INDEX "messages_private_created_at_idx" ON "messages" USING btree ("created_at") WHERE "messages"."is_private";--> statement-breakpoint
CREATE INDEX "messages_image_content_idx" ON "messages" USING btree ("content") WHERE "messages"."message_type" = 'image';--> statement-breakpoint
CREATE INDEX "sanctions_ended_at_idx" ON "sanctions" USING btree (least("lifted_at", "expires_at"));--> statement-breakpoint
CREATE INDEX "moderation_log_created_at_idx" ON "moderation_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reports_handled_at_idx" ON "reports" USING btree ("handled_at") WHERE "reports"."status" <> 'open';--> statement-breakpoint
CREATE INDEX "private_conversations_last_idx" ON "private_conversations" USING btree ("last_message_id");--> statement-breakpoint
CREATE INDEX "chat_images_created_at_idx" ON "chat_images" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at");