-- Price alerts by e-mail without an account (issue 38, DESIGN.md §4.13, decision 072): a visitor
-- asks to be told when a hotel's price for a stay (or its "från" price without dates) falls below
-- a target or by at least 10%. Double opt-in; every link in a mail carries a random token, of
-- which only the SHA-256 is stored.

-- An address that asked for an alert. Deleted with its last alert, or at once from a mail's
-- "radera min adress" link (its alerts and tokens go with it).
create table public.alert_subscribers (
  id uuid primary key default gen_random_uuid(),
  -- Lower case, trimmed: one row per address however it was typed.
  email text not null unique,
  created_at timestamptz not null default now(),
  constraint alert_subscribers_email check (char_length(email) between 3 and 254 and email like '%_@_%')
);

create table public.price_alerts (
  id uuid primary key default gen_random_uuid(),
  subscriber_id uuid not null references public.alert_subscribers (id) on delete cascade,
  hotel_id uuid not null references public.hotels (id) on delete cascade,
  -- The stay (all null without dates: the hotel's "från" price per night is watched).
  check_in date,
  nights smallint,
  adults smallint not null,
  rooms smallint not null,
  -- SEK, optional: tell me when the price is below this.
  target_price numeric(12, 2),
  -- 'pending' until the link in the confirmation mail is followed and confirmed.
  status text not null default 'pending',
  -- The price (SEK) when the visitor was last told it, or when the alert was confirmed: a fall of
  -- 10% is measured from here.
  reference_price numeric(12, 2),
  last_sent_at timestamptz,
  confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint price_alerts_status check (status in ('pending', 'confirmed')),
  constraint price_alerts_stay check ((check_in is null) = (nights is null)),
  constraint price_alerts_nights check (nights between 1 and 30),
  constraint price_alerts_occupancy check (adults between 1 and 30 and rooms between 1 and 9 and rooms <= adults),
  constraint price_alerts_target check (target_price > 0 and target_price < 10000000)
);
-- One pending and one confirmed alert at most per address, hotel and stay (confirming the pending
-- one replaces the confirmed one).
create unique index price_alerts_key
  on public.price_alerts (subscriber_id, hotel_id, status, check_in, nights, adults, rooms) nulls not distinct;
-- The check reads confirmed alerts; past stays are ended by check-in date.
create index price_alerts_status_idx on public.price_alerts (status, check_in);
create index price_alerts_hotel_idx on public.price_alerts (hotel_id);

-- The links in mails: confirm an alert, end it (the one-click List-Unsubscribe), or delete the
-- address and all its alerts. `hash` is the SHA-256 (hex) of the random token in the link.
create table public.alert_tokens (
  hash text primary key,
  purpose text not null,
  subscriber_id uuid not null references public.alert_subscribers (id) on delete cascade,
  alert_id uuid references public.price_alerts (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Confirmation links expire; the others last as long as what they end.
  expires_at timestamptz,
  constraint alert_tokens_purpose check (purpose in ('confirm', 'unsubscribe', 'forget')),
  constraint alert_tokens_hash check (hash ~ '^[0-9a-f]{64}$'),
  constraint alert_tokens_alert check ((purpose = 'forget') = (alert_id is null))
);
create index alert_tokens_subscriber_idx on public.alert_tokens (subscriber_id);
create index alert_tokens_alert_idx on public.alert_tokens (alert_id);

-- Mails sent, for the back office's counts only (no address, no alert): kept a week.
create table public.price_alert_mails (
  id bigint generated always as identity primary key,
  kind text not null,
  sent_at timestamptz not null default now(),
  constraint price_alert_mails_kind check (kind in ('confirm', 'alert'))
);
create index price_alert_mails_sent_idx on public.price_alert_mails (sent_at);

alter table public.alert_subscribers enable row level security;
alter table public.price_alerts enable row level security;
alter table public.alert_tokens enable row level security;
alter table public.price_alert_mails enable row level security;
