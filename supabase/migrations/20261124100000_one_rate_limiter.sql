-- One rate limiter for everything (sign-in, sign-up, contact, the AI box, counted clicks): a row
-- per key holding the times of its hits inside the window, at most the policy's maximum of them.
-- A request takes a slot with one INSERT … ON CONFLICT DO UPDATE, which locks the key's row, so
-- concurrent requests are counted one after the other and never more than the maximum get in.
-- Replaces login_attempts and rate_limit_hits, whose check-then-insert could be raced.

create table public.rate_limits (
  key text primary key,
  hits timestamptz[] not null,
  -- Whether the last request under this key got a slot (what the upsert hands back).
  last_allowed boolean not null,
  updated_at timestamptz not null default now(),
  constraint rate_limits_key_length check (char_length(key) between 1 and 400)
);

-- Housekeeping removes keys nobody has used for a day.
create index rate_limits_updated_at_idx on public.rate_limits (updated_at);

alter table public.rate_limits enable row level security;

drop table public.login_attempts;
drop table public.rate_limit_hits;
