-- Requests counted by a rate limit other than sign-in (the AI box per client address), kept in
-- the database so the limit holds across several app servers. Only the app reads and writes.

create table public.rate_limit_hits (
  key text not null,
  hit_at timestamptz not null default now(),
  constraint rate_limit_hits_key_length check (char_length(key) between 1 and 300)
);

-- The limit reads the newest hits of one key.
create index rate_limit_hits_key_hit_at_idx on public.rate_limit_hits (key, hit_at desc);

alter table public.rate_limit_hits enable row level security;
