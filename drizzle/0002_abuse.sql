DROP INDEX "reports_reporter_idx";--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "reports_reporter_recent_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_target_key" ON "reports" USING btree ("reporter_id",coalesce("message_id", 0),coalesce("user_id", 0)) WHERE "reports"."status" = 'open' and "reports"."reporter_id" is not null;