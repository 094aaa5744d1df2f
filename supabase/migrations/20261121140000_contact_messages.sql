-- Messages sent with the contact form (/contact). Only the app reads and writes them: Row
-- Level Security is on with no policies, so Supabase's public anon key can do neither.

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  message text not null,
  created_at timestamptz not null default now(),
  constraint contact_messages_name_length check (char_length(btrim(name)) between 1 and 100),
  constraint contact_messages_email_length check (char_length(email) between 3 and 254 and email like '%_@_%'),
  constraint contact_messages_message_length check (char_length(btrim(message)) between 10 and 5000)
);

-- The back office lists the newest first.
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

alter table public.contact_messages enable row level security;
