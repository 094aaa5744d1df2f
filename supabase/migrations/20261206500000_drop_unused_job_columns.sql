-- What the job runner (pg-boss, decision 071) replaced: the price chores' leases and cursors
-- (price_tasks), and the leases by which servers claimed feed runs and AI job items
-- (price_feed_runs.locked_until, ai_job_items.locked_until and the index the claim query used).
-- The runner's own jobs expire and are taken again instead; nothing reads or writes these since.
drop index if exists public.ai_job_items_claim_idx;
alter table public.ai_job_items drop column if exists locked_until;
alter table public.price_feed_runs drop column if exists locked_until;
drop table if exists public.price_tasks;
