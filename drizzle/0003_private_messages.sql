CREATE TABLE "private_conversations" (
	"user_id" integer NOT NULL,
	"other_user_id" integer NOT NULL,
	"last_message_id" bigint NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "private_conversations_user_id_other_user_id_pk" PRIMARY KEY("user_id","other_user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "private_messages_from" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "private_conversations" ADD CONSTRAINT "private_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_conversations" ADD CONSTRAINT "private_conversations_other_user_id_users_id_fk" FOREIGN KEY ("other_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "private_conversations_user_last_idx" ON "private_conversations" USING btree ("user_id","last_message_id");--> statement-breakpoint
CREATE INDEX "messages_private_pair_idx" ON "messages" USING btree (least("sender_id", "receiver_id"),greatest("sender_id", "receiver_id"),"created_at","id") WHERE "messages"."is_private";