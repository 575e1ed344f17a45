CREATE TABLE "voice_members" (
	"room_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"socket_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"speaking_since" timestamp with time zone,
	CONSTRAINT "voice_members_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "voice_members_socket" ON "voice_members" USING btree ("socket_id");