-- Bulk AI work (rewriting many hotel descriptions in Swedish) as jobs in the database, so any
-- app server can take part and a crashed server's work is picked up again. Items are claimed
-- with FOR UPDATE SKIP LOCKED and a lease (locked_until); an expired lease means "take it again".

create table public.ai_jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  status text not null default 'running',
  total integer not null,
  done integer not null default 0,
  failed integer not null default 0,
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint ai_jobs_kind check (kind in ('rewrite')),
  constraint ai_jobs_status check (status in ('running', 'finished')),
  constraint ai_jobs_counts check (total >= 0 and done >= 0 and failed >= 0 and done + failed <= total)
);

create index ai_jobs_created_at_idx on public.ai_jobs (created_at desc);

create table public.ai_job_items (
  job_id uuid not null references public.ai_jobs (id) on delete cascade,
  hotel_id text not null,
  status text not null default 'pending',
  attempts integer not null default 0,
  locked_until timestamptz,
  error text,
  updated_at timestamptz not null default now(),
  primary key (job_id, hotel_id),
  constraint ai_job_items_status check (status in ('pending', 'running', 'done', 'failed')),
  constraint ai_job_items_error_length check (error is null or char_length(error) <= 500)
);

-- Workers look for work that is waiting, or whose lease ran out.
create index ai_job_items_claim_idx on public.ai_job_items (status, locked_until) where status in ('pending', 'running');

alter table public.ai_jobs enable row level security;
alter table public.ai_job_items enable row level security;
