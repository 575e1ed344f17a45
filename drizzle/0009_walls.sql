CREATE TABLE "wall_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wall_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wall_post_reactions" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wall_post_reactions_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "wall_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wall_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"author_id" integer NOT NULL,
	"type" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_images" ADD COLUMN "used_by" text;--> statement-breakpoint
ALTER TABLE "wall_comments" ADD CONSTRAINT "wall_comments_post_id_wall_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."wall_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_comments" ADD CONSTRAINT "wall_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_post_reactions" ADD CONSTRAINT "wall_post_reactions_post_id_wall_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."wall_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_post_reactions" ADD CONSTRAINT "wall_post_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_image_id_chat_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."chat_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wall_comments_post_idx" ON "wall_comments" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "wall_comments_author_idx" ON "wall_comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "wall_post_reactions_user_idx" ON "wall_post_reactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wall_posts_type_id_idx" ON "wall_posts" USING btree ("type","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wall_posts_author_idx" ON "wall_posts" USING btree ("author_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "wall_posts_image_key" ON "wall_posts" USING btree ("image_id");