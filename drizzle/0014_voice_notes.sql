CREATE TABLE "voice_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"container" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"waveform" jsonb NOT NULL,
	"bytes" integer NOT NULL,
	"client_message_id" text,
	"sent_at" timestamp with time zone,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_notes" ADD CONSTRAINT "voice_notes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_notes" ADD CONSTRAINT "voice_notes_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_notes_owner_idx" ON "voice_notes" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "voice_notes_message_idx" ON "voice_notes" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "voice_notes_unheld_idx" ON "voice_notes" USING btree ("created_at") WHERE "voice_notes"."message_id" is null;