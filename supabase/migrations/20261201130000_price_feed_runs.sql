-- Prices that refresh while the site runs (issue 34): each partner's feed URL, fetched by the app
-- servers' background worker on a schedule or when an administrator asks ("Fetch now"), and every
-- fetch recorded for the partners screen; plus the daily price chores (the ECB's rates, every
-- hotel's lead prices) that all servers share. See docs/decisions/053-price-feeds-fetched-by-the-server.md.

-- Where the server fetches the partner's price file: https only, a public host (the form checks
-- the host; every redirect and every resolved address is checked again at fetch time).
alter table public.partners add column feed_url text;
alter table public.partners add constraint partners_feed_url_https
  check (feed_url is null or (feed_url ~* '^https://' and length(feed_url) <= 2000));

-- One fetch of a partner's feed. 'queued' waits for a worker, 'running' is being fetched by the
-- server whose lease (locked_until) has not run out, 'ok' and 'failed' are done.
create table public.price_feed_runs (
  id bigint generated always as identity primary key,
  partner_id text not null references public.partners (id) on delete cascade on update cascade,
  status text not null default 'queued',
  -- Who asked: null for the schedule, the administrator's e-mail for "Fetch now".
  requested_by text,
  queued_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  locked_until timestamptz,
  attempts smallint not null default 0,
  rows_taken integer,
  rows_rejected integer,
  bytes bigint,
  error text,
  constraint price_feed_runs_status check (status in ('queued', 'running', 'ok', 'failed')),
  constraint price_feed_runs_error_length check (length(error) <= 1000)
);
-- At most one open run per partner: two servers (or two clicks) cannot fetch one feed at once.
create unique index price_feed_runs_one_open_per_partner on public.price_feed_runs (partner_id) where status in ('queued', 'running');
-- The partners screen's latest run per partner, and the schedule's "fetched within the interval".
create index price_feed_runs_partner_queued_idx on public.price_feed_runs (partner_id, queued_at desc);
-- Workers look for open runs only.
create index price_feed_runs_open_idx on public.price_feed_runs (queued_at) where status in ('queued', 'running');

-- Chores every app server may do, done once for all of them: a server takes one by moving its
-- lease forward, and a batched pass over the hotels keeps its place in `cursor` (the last
-- hotels.id done), so any server can carry on the next batch.
create table public.price_tasks (
  name text primary key,
  due_at timestamptz not null default now(),
  cursor uuid,
  -- Bumped when a pass must start over (new rates): a batch of the old pass then leaves the cursor alone.
  pass integer not null default 0,
  locked_until timestamptz,
  last_finished_at timestamptz,
  last_error text,
  constraint price_tasks_error_length check (length(last_error) <= 1000)
);

alter table public.price_feed_runs enable row level security;
alter table public.price_tasks enable row level security;
