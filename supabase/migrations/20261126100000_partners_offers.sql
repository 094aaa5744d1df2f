-- Compare prices (issue 17): the partners we send visitors to, and each partner's current
-- price for a hotel, filled by offer feeds (npm run import -- --offers). See
-- docs/decisions/020-partners-and-offers.md.

create table public.partners (
  -- A short key ('resekompassen'): how offer feeds name the partner.
  id text primary key,
  name text not null,
  -- URL#host of the partner's links (lower case, with a non-default port): what /redirect trusts.
  host text not null,
  logo_url text,
  -- Query parameters added to an offer's landing URL, with {checkin}, {checkout}, {adults},
  -- {rooms} and {nights} filled from the visitor's stay (app/partners/deep-link.ts).
  deep_link_template text not null default '',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint partners_id_format check (id ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  constraint partners_name_not_blank check (btrim(name) <> ''),
  constraint partners_host_format check (host ~ '^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?$'),
  constraint partners_logo_http check (logo_url is null or logo_url ~* '^(https?://|/)')
);
create unique index partners_host_key on public.partners (host);

create trigger partners_set_updated_at
  before update on public.partners
  for each row execute function public.set_updated_at();

create table public.hotel_offers (
  hotel_id uuid not null references public.hotels (id) on delete cascade,
  partner_id text not null references public.partners (id) on delete cascade on update cascade,
  price_per_night numeric(12, 2) not null,
  -- One currency until the site has a source of exchange rates: prices must compare.
  currency text not null default 'SEK',
  landing_url text not null,
  breakfast_included boolean not null default false,
  free_cancellation boolean not null default false,
  updated_at timestamptz not null default now(),
  -- Set when a full feed no longer lists the offer, or when it grew too old (housekeeping).
  gone_at timestamptz,
  primary key (hotel_id, partner_id),
  constraint hotel_offers_price_positive check (price_per_night > 0 and price_per_night < 1000000),
  constraint hotel_offers_currency_sek check (currency = 'SEK'),
  constraint hotel_offers_landing_url_http check (landing_url ~* '^https?://')
);
create index hotel_offers_partner_idx on public.hotel_offers (partner_id, updated_at);

-- What lists filter and sort on: the lowest current price per night and how many partners
-- offer the hotel, kept by the triggers below so a list never reads the offers.
alter table public.hotels
  add column offer_price numeric(12, 2),
  add column offer_count smallint not null default 0;

-- The price a card shows: the lowest offer, else the feed's own price. "Lägsta pris" reads
-- this index in order, and the price filter (offers only) takes a range of it.
alter table public.hotels
  add column shown_price numeric(12, 2) generated always as (coalesce(offer_price, nullif(price_amount, 0))) stored;
drop index if exists public.hotels_price_idx;
create index hotels_shown_price_idx on public.hotels (shown_price asc nulls last, id);

-- A changed price is not a changed hotel: its updated_at (the sitemap's lastmod) stays.
drop trigger hotels_set_updated_at on public.hotels;
create trigger hotels_set_updated_at
  before update on public.hotels
  for each row
  when (old.offer_price is not distinct from new.offer_price and old.offer_count = new.offer_count)
  execute function public.set_updated_at();

-- Recomputes the summary of the given hotels from their current offers (an offer counts
-- while it is not gone and its partner is active).
create or replace function public.refresh_hotel_offer_summary(hotel_ids uuid[])
  returns void
  language sql
  as $$
  update public.hotels hotel
  set offer_price = summary.price, offer_count = summary.offers
  from (
    select wanted.id, min(offer.price_per_night) as price, count(offer.partner_id)::smallint as offers
    from (select distinct unnest(hotel_ids) as id) wanted
    left join public.hotel_offers offer on offer.hotel_id = wanted.id and offer.gone_at is null
      and exists (select 1 from public.partners partner where partner.id = offer.partner_id and partner.active)
    group by wanted.id
  ) summary
  where hotel.id = summary.id
    and (hotel.offer_price is distinct from summary.price or hotel.offer_count <> summary.offers);
$$;

create or replace function public.summarise_hotel_offers()
  returns trigger
  language plpgsql
  as $$
begin
  if tg_op = 'INSERT' then
    perform public.refresh_hotel_offer_summary(array(select hotel_id from new_rows));
  elsif tg_op = 'DELETE' then
    perform public.refresh_hotel_offer_summary(array(select hotel_id from old_rows));
  else
    perform public.refresh_hotel_offer_summary(array(select hotel_id from new_rows union select hotel_id from old_rows));
  end if;
  return null;
end;
$$;

-- Statement-level, as for catalogue_places: an import batch refreshes each hotel once.
create trigger hotel_offers_summary_insert after insert on public.hotel_offers
  referencing new table as new_rows for each statement execute function public.summarise_hotel_offers();
create trigger hotel_offers_summary_update after update on public.hotel_offers
  referencing old table as old_rows new table as new_rows for each statement execute function public.summarise_hotel_offers();
create trigger hotel_offers_summary_delete after delete on public.hotel_offers
  referencing old table as old_rows for each statement execute function public.summarise_hotel_offers();

-- A partner switched on or off changes every hotel it offers.
create or replace function public.summarise_partner_offers()
  returns trigger
  language plpgsql
  as $$
begin
  if new.active is distinct from old.active then
    perform public.refresh_hotel_offer_summary(array(select hotel_id from public.hotel_offers where partner_id = new.id));
  end if;
  return null;
end;
$$;
create trigger partners_summarise_offers after update of active on public.partners
  for each row execute function public.summarise_partner_offers();

-- A click remembers which partner and which stay it was for.
alter table public.outbound_clicks
  add column partner_id text references public.partners (id) on delete set null on update cascade,
  add column check_in date,
  add column check_out date,
  add column adults smallint,
  add column rooms smallint;
create index outbound_clicks_partner_day_idx on public.outbound_clicks (partner_id, clicked_at);

alter table public.partners enable row level security;
alter table public.hotel_offers enable row level security;
