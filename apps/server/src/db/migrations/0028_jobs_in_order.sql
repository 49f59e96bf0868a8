-- Jobs that must not overtake each other (a person's notification entries, the pushes to one browser) share an
-- `in_order_of` key; the claim takes a job only when no earlier job of its key is unfinished.
ALTER TABLE "jobs" ADD COLUMN "in_order_of" text;--> statement-breakpoint
CREATE INDEX "jobs_in_order_of_idx" ON "jobs" USING btree ("in_order_of","id") WHERE "jobs"."in_order_of" is not null and "jobs"."state" in ('ready', 'running');
