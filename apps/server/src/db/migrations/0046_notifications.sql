-- The notification centre (docs/notifications.md): one row per thing that happened to a person (audience and the
-- person's client, producer or staff id), its channels' deliveries, and each person's preferences. The firm's
-- notices stay in client_messages and are shown beside these rows (never copied). A trigger on each table says on
-- the channel portal_notifications who has something new, from whichever process wrote it (decision 050); payload
-- <audience initial>:<person id>:<wire id>, e.g. c:12:n345 or c:12:m7.
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"recipient_id" bigint NOT NULL,
	"type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"in_app" boolean DEFAULT true NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"digested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_audience_ck" CHECK ("audience" in ('client', 'producer', 'staff'))
);
--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("audience","recipient_id","id" DESC) WHERE "in_app";--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("audience","recipient_id") WHERE "read_at" is null and "in_app";--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("audience","recipient_id","id") WHERE "digest" and "digested_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("id" DESC);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"notification_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_channel_ck" CHECK ("channel" in ('email', 'sms', 'digest')),
	CONSTRAINT "notification_deliveries_status_ck" CHECK ("status" in ('queued', 'retrying', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_deliveries_notification_idx" ON "notification_deliveries" USING btree ("notification_id");
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"audience" text NOT NULL,
	"recipient_id" bigint NOT NULL,
	"type" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"digest" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_pk" PRIMARY KEY("audience","recipient_id","type")
);
--> statement-breakpoint
CREATE FUNCTION portal_notify_notification_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.in_app THEN
    PERFORM pg_notify('portal_notifications', left(NEW.audience, 1) || ':' || NEW.recipient_id || ':n' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_added_notify AFTER INSERT ON notifications FOR EACH ROW
  EXECUTE FUNCTION portal_notify_notification_added();
--> statement-breakpoint
CREATE FUNCTION portal_notify_client_message_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_notifications', 'c:' || NEW.client_id || ':m' || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_messages_added_notify AFTER INSERT ON client_messages FOR EACH ROW
  EXECUTE FUNCTION portal_notify_client_message_added();
