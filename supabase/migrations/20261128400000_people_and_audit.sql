-- People and history in the back office (issue 19): who has an account and when they last
-- signed in, and a log of every write an administrator makes. See
-- docs/decisions/032-people-and-audit-log.md.

-- One row per user who has signed in to this site, of either provider: the back office's list
-- of people reads it for Supabase Auth users (whose accounts live at Supabase) and for the last
-- sign-in of everyone. Written at each successful sign-in.
create table public.account_sign_ins (
  user_id uuid primary key,
  email text not null,
  provider text not null,
  first_sign_in_at timestamptz not null default now(),
  last_sign_in_at timestamptz not null default now(),
  constraint account_sign_ins_provider_known check (provider in ('local', 'supabase'))
);

-- Every write in the back office (any non-GET request an administrator makes), and the role
-- changes made with the command-line scripts. Only identifiers are kept (the
-- screen, the intent, the ids the form named), never what was typed into the form.
create table public.admin_audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- 'admin': a request in the back office (user_id and email say who); 'cli': npm run
  -- user:admin or user:create (whoever has a shell on the server).
  actor text not null,
  user_id uuid,
  email text,
  -- The route pattern ('/admin/blog/edit/:id') or the command ('user:admin').
  screen text not null,
  -- The path asked for (with its ids filled in), or the command line without its values.
  path text not null,
  method text not null,
  intent text,
  row_ids text[] not null default '{}',
  -- How many ids the form named (row_ids keeps the first 100).
  row_count integer not null default 0,
  status integer,
  outcome text not null,
  -- The title of the message the administrator was shown ('Destination added'), at most 120
  -- characters: not its text, which can repeat what was typed.
  message text,
  constraint admin_audit_log_actor_known check (actor in ('admin', 'cli')),
  constraint admin_audit_log_outcome_known check (outcome in ('ok', 'refused', 'failed')),
  constraint admin_audit_log_row_ids_capped check (cardinality(row_ids) <= 100)
);

create index admin_audit_log_at_idx on public.admin_audit_log (at desc, id desc);
create index admin_audit_log_user_at_idx on public.admin_audit_log (user_id, at desc);
create index admin_audit_log_screen_at_idx on public.admin_audit_log (screen, at desc);

alter table public.account_sign_ins enable row level security;
alter table public.admin_audit_log enable row level security;
