-- Live prices from partners' search APIs (DESIGN §4.12, decision 067).

-- Which id each of our hotels has at a partner (the hotel feed's partner_ids column,
-- `booking:1001;expedia:55`, and the back office's hotel screen).
create table public.hotel_partner_ids (
  hotel_id uuid not null references public.hotels (id) on delete cascade,
  partner_id text not null references public.partners (id) on delete cascade on update cascade,
  partner_hotel_id text not null check (char_length(partner_hotel_id) between 1 and 64),
  updated_at timestamptz not null default now(),
  primary key (hotel_id, partner_id)
);
create index hotel_partner_ids_partner_idx on public.hotel_partner_ids (partner_id, partner_hotel_id);
alter table public.hotel_partner_ids enable row level security;

-- A partner's live answer for one hotel and stay, shared by every app server until expires_at
-- (LIVE_PRICE_TTL_S). `quotes` holds the connector's LiveQuote[]; an empty array is an answer
-- too: no availability for the stay.
create table public.live_price_answers (
  partner_id text not null references public.partners (id) on delete cascade on update cascade,
  hotel_id uuid not null references public.hotels (id) on delete cascade,
  check_in date not null,
  check_out date not null check (check_out > check_in),
  adults smallint not null check (adults between 1 and 30),
  rooms smallint not null check (rooms between 1 and 30),
  quotes jsonb not null,
  fetched_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (partner_id, hotel_id, check_in, check_out, adults, rooms)
);
create index live_price_answers_expires_idx on public.live_price_answers (expires_at);
alter table public.live_price_answers enable row level security;

-- Every call to a partner's API: what the back office's connector health counts (calls in the
-- last hour, share in budget, p50/p95, the last error). Housekeeping keeps a week.
create table public.connector_calls (
  id bigint generated always as identity primary key,
  partner_id text not null,
  -- 'search', 'availability' or 'test'
  operation text not null,
  started_at timestamptz not null default now(),
  duration_ms integer not null check (duration_ms >= 0),
  -- 'ok' or a ConnectorFailure (app/live-prices/connector.ts)
  outcome text not null,
  in_budget boolean not null,
  http_status smallint,
  error text check (char_length(error) <= 1000)
);
create index connector_calls_partner_time_idx on public.connector_calls (partner_id, started_at desc);
alter table public.connector_calls enable row level security;

-- Each partner's circuit breaker, shared by every app server: closed, or open until a time
-- after which one trial call is let through (half-open).
create table public.connector_breakers (
  partner_id text primary key,
  consecutive_failures integer not null default 0,
  open_until timestamptz,
  last_failure text check (char_length(last_failure) <= 1000),
  last_failure_at timestamptz,
  updated_at timestamptz not null default now()
);
alter table public.connector_breakers enable row level security;
