CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"username_key" text NOT NULL,
	"password_hash" text,
	"user_type" text DEFAULT 'member' NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"display_name" text,
	"profile_image" text,
	"avatar_hash" text,
	"avatar_version" integer DEFAULT 0 NOT NULL,
	"username_color" text,
	"username_gradient" text,
	"username_effect" text,
	"profile_background_color" text,
	"profile_effect" text,
	"profile_tag" text,
	"profile_frame" text,
	"gender" text,
	"age" integer,
	"country" text,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"global_sound_enabled" boolean DEFAULT true NOT NULL,
	"show_system_messages" boolean DEFAULT true NOT NULL,
	"current_room" text,
	"last_seen" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" text,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"is_broadcast" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"host_id" integer,
	"speakers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mic_queue" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chat_lock_all" boolean DEFAULT false NOT NULL,
	"chat_lock_visitors" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"room_id" text,
	"sender_id" integer NOT NULL,
	"receiver_id" integer,
	"is_private" boolean DEFAULT false NOT NULL,
	"content" text NOT NULL,
	"message_type" text DEFAULT 'text' NOT NULL,
	"text_color" text,
	"bold" boolean DEFAULT false NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_member_username_key" ON "users" USING btree ("username_key") WHERE "users"."user_type" <> 'guest';--> statement-breakpoint
CREATE INDEX "users_username_key_idx" ON "users" USING btree ("username_key");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "messages_room_id_id_idx" ON "messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_id_key" ON "messages" USING btree ("sender_id","client_message_id") WHERE "messages"."client_message_id" is not null;