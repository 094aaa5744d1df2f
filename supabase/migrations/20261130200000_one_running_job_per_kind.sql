-- One bulk job of a kind at a time (issue 33): a second "rewrite all" while one runs would
-- rewrite the same hotels twice, paying the provider twice. The app refuses it with a message
-- naming the running job; this index makes two impossible even when two posts race.
-- See docs/decisions/047-partner-switch-public-hosts-one-job.md.

-- Jobs started before this rule may run side by side: the newer ones hand their waiting
-- hotels to the oldest of their kind (a hotel it already holds is not taken twice) and finish
-- with what they did.
create temporary table merged_jobs on commit drop as
  select id, first_value(id) over (partition by kind order by created_at, id) as keeper
  from public.ai_jobs
  where status = 'running';
delete from merged_jobs where id = keeper;

insert into public.ai_job_items (job_id, hotel_id, status, attempts, locked_until, error, updated_at)
  select merged.keeper, item.hotel_id, 'pending', 0, null, null, now()
  from public.ai_job_items item
  join merged_jobs merged on merged.id = item.job_id
  where item.status in ('pending', 'running')
  on conflict (job_id, hotel_id) do nothing;
delete from public.ai_job_items item
  using merged_jobs merged
  where item.job_id = merged.id and item.status in ('pending', 'running');

update public.ai_jobs job
set total = counted.total, done = counted.done, failed = counted.failed, updated_at = now(),
    status = case when counted.open = 0 then 'finished' else 'running' end,
    finished_at = case when counted.open = 0 then coalesce(job.finished_at, now()) else null end
from (
  select touched.id as job_id,
         count(item.hotel_id)::int as total,
         count(*) filter (where item.status = 'done')::int as done,
         count(*) filter (where item.status = 'failed')::int as failed,
         count(*) filter (where item.status in ('pending', 'running'))::int as open
  from (select id from merged_jobs union select keeper from merged_jobs) touched
  left join public.ai_job_items item on item.job_id = touched.id
  group by touched.id
) counted
where job.id = counted.job_id;

create unique index ai_jobs_one_running_per_kind on public.ai_jobs (kind) where status = 'running';
