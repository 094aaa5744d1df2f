-- A click is counted at most once a day per visitor, hotel and partner, so reloading a
-- /redirect address cannot inflate the dashboard. The visitor is a hash of the client address
-- and user agent with a random salt of the day: the salt is deleted after the day, so the
-- hash cannot be traced back to an address, and nothing personal is stored.

create table public.click_salts (
  day date primary key,
  salt text not null
);

alter table public.click_salts enable row level security;

alter table public.outbound_clicks add column visitor_hash text;

create unique index outbound_clicks_once_per_visitor_idx
  on public.outbound_clicks (visitor_hash, target_host, (coalesce(hotel_id, '')))
  where visitor_hash is not null;
