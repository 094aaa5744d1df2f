-- Prices per stay (issue 34, DESIGN.md §4.11): what a stay costs at a partner for the visitor's
-- check-in, nights and occupancy, with base, taxes, fees, currency and conditions, as partners send
-- it: nightly rates (our CSV; a stay is the sum of its nights) and itinerary prices (Google Hotel
-- Center Transaction messages: check-in + nights → total; they win over a sum of nights).
-- See docs/decisions/050-prices-per-stay.md.

-- What a partner sells at a hotel: one room (or package) for an occupancy, with its conditions,
-- in one currency. Nightly rates and itinerary prices point here, so a night's row stays small.
create table public.rate_plans (
  id integer generated always as identity primary key,
  hotel_id uuid not null references public.hotels (id) on delete cascade,
  partner_id text not null references public.partners (id) on delete cascade on update cascade,
  -- The party the price is for: adults in all, in this many rooms. It also serves fewer adults.
  adults smallint not null,
  rooms smallint not null,
  -- The partner's own key of the room and rate (Transaction RoomID/PackageID, the CSV's room
  -- name), '' when it sends none.
  room_key text not null default '',
  room_name text,
  breakfast_included boolean not null,
  -- Free cancellation until a moment before check-in (the moment is per night or itinerary).
  refundable boolean not null,
  pay_at_hotel boolean not null,
  -- Bits of the conditions, as `villkor` filters them: 1 breakfast, 2 free cancellation, 4 pay at the hotel.
  conditions smallint generated always as (
    (case when breakfast_included then 1 else 0 end) + (case when refundable then 2 else 0 end) + (case when pay_at_hotel then 4 else 0 end)
  ) stored,
  currency text not null,
  -- The partner's page for this room; /redirect fills the stay into the partner's deep link.
  landing_url text not null,
  created_at timestamptz not null default now(),
  constraint rate_plans_occupancy check (adults between 1 and 8 and rooms between 1 and 8 and rooms <= adults),
  constraint rate_plans_currency_format check (currency ~ '^[A-Z]{3}$'),
  constraint rate_plans_room_key_length check (length(room_key) <= 200),
  constraint rate_plans_landing_url_http check (landing_url ~* '^https?://')
);
create unique index rate_plans_key
  on public.rate_plans (hotel_id, partner_id, adults, rooms, room_key, breakfast_included, refundable, pay_at_hotel, currency);
create index rate_plans_partner_idx on public.rate_plans (partner_id, hotel_id);

-- One night of a plan: what it costs, until when it can be cancelled for free, and when the
-- partner last confirmed it. A night not here is not for sale.
create table public.nightly_rates (
  plan_id integer not null references public.rate_plans (id) on delete cascade,
  night date not null,
  base numeric(12, 2) not null,
  tax numeric(12, 2) not null default 0,
  fees numeric(12, 2) not null default 0,
  free_cancellation_until timestamptz,
  confirmed_at timestamptz not null,
  primary key (plan_id, night),
  constraint nightly_rates_amounts check (base > 0 and tax >= 0 and fees >= 0 and base + tax + fees < 10000000)
);
-- Past nights are cleared by housekeeping a day at a time.
create index nightly_rates_night_idx on public.nightly_rates (night);

-- A price for a whole itinerary (check-in and nights) of a plan.
create table public.itinerary_prices (
  plan_id integer not null references public.rate_plans (id) on delete cascade,
  check_in date not null,
  nights smallint not null,
  base numeric(12, 2) not null,
  tax numeric(12, 2) not null default 0,
  fees numeric(12, 2) not null default 0,
  free_cancellation_until timestamptz,
  confirmed_at timestamptz not null,
  primary key (plan_id, check_in, nights),
  constraint itinerary_prices_nights check (nights between 1 and 30),
  constraint itinerary_prices_amounts check (base > 0 and tax >= 0 and fees >= 0 and base + tax + fees < 100000000)
);
create index itinerary_prices_check_in_idx on public.itinerary_prices (check_in);

-- An itinerary a partner said it cannot sell (Transaction <Unavailable>): for that stay the
-- partner has nothing, whatever its nightly rates say, until it sends a price again.
create table public.sold_out_itineraries (
  hotel_id uuid not null references public.hotels (id) on delete cascade,
  partner_id text not null references public.partners (id) on delete cascade on update cascade,
  check_in date not null,
  nights smallint not null,
  confirmed_at timestamptz not null,
  primary key (hotel_id, partner_id, check_in, nights)
);

-- The cheapest price per night each hotel shows without dates ("från X kr / natt"), per set of
-- conditions a visitor can ask for (the bits of rate_plans.conditions; 0 asks for none): the
-- cheapest night of the next 30 days for two adults in one room, in SEK, including taxes and
-- fees, from dated prices and undated lead-in offers alike. hotels.offer_price is the row for 0.
create table public.hotel_lead_prices (
  hotel_id uuid not null references public.hotels (id) on delete cascade,
  conditions smallint not null,
  price numeric(12, 2) not null,
  partner_id text not null,
  primary key (hotel_id, conditions),
  constraint hotel_lead_prices_conditions check (conditions between 0 and 7)
);
-- Price order within a set of conditions (lists with `villkor` sorted by price).
create index hotel_lead_prices_price_idx on public.hotel_lead_prices (conditions, price, hotel_id);

-- A partner whose files carry no landing URL (Transaction messages) gives one pattern for all its
-- hotels, with {hotel_id} for our hotels.hotel_id (the partner's property id).
alter table public.partners add column landing_url_template text;
alter table public.partners add constraint partners_landing_url_template_http
  check (landing_url_template is null or landing_url_template ~* '^https?://');

-- The amount in SEK at the latest stored ECB rates; null when they lack the currency.
create or replace function public.latest_fx()
  returns table (currency text, per_eur numeric)
  language sql
  stable
  as $$
  select rate.currency, rate.per_eur from public.fx_rates rate
  where rate.rate_date = (select max(rate_date) from public.fx_rates)
  union all
  select 'EUR', 1::numeric
$$;

-- Every plan's price for one stay at the given hotels, where the stay can be sold: a plan serves
-- the party when it has the same number of rooms and at least as many adults, or when it is for
-- one room with enough adults for each of the stay's rooms (then it is paid once per room). An
-- itinerary price of a partner wins over its sums of nights; a partner that said the itinerary
-- is sold out has nothing. Prices confirmed longer ago than max_age_hours are not read. Amounts
-- are for the whole stay in the plan's currency; total_sek is the total at the latest ECB rates
-- (null when they lack the currency: such a price is not compared). Each plan's nights and
-- itinerary are read by its own primary key (the lateral join): the cost grows with the hotels
-- asked for, never with the size of the tables (a range of dates over every plan read 900,000
-- nights at 100,000 hotels).
create or replace function public.stay_prices(
  hotel_ids uuid[], check_in date, nights integer, adults integer, rooms integer, max_age_hours integer
)
  returns table (
    hotel_id uuid, partner_id text, plan_id integer, source text,
    base numeric, tax numeric, fees numeric, currency text, total numeric, total_sek numeric,
    conditions smallint, breakfast_included boolean, refundable boolean, pay_at_hotel boolean,
    free_cancellation_until timestamptz, room_name text, landing_url text, confirmed_at timestamptz
  )
  language sql
  stable
  as $$
  with to_sek as materialized (
    select 'SEK'::text as currency, 1::numeric as factor
    union all
    select fx.currency, sek.per_eur / fx.per_eur
    from public.latest_fx() fx join public.latest_fx() sek on sek.currency = 'SEK'
    where fx.currency <> 'SEK'
  ),
  plans as materialized (
    select plan.id, plan.hotel_id, plan.partner_id, plan.currency, plan.conditions, plan.breakfast_included,
      plan.refundable, plan.pay_at_hotel, plan.room_name, plan.landing_url,
      case when plan.rooms = stay_prices.rooms then 1 else stay_prices.rooms end as per_room
    from (select distinct unnest(stay_prices.hotel_ids) as id) wanted
    join public.rate_plans plan on plan.hotel_id = wanted.id
    join public.partners partner on partner.id = plan.partner_id and partner.active
    where (plan.rooms = stay_prices.rooms and plan.adults >= stay_prices.adults)
      or (plan.rooms = 1 and stay_prices.rooms > 1 and plan.adults * stay_prices.rooms >= stay_prices.adults)
  ),
  priced as (
    select plans.*, price.rank, price.base * plans.per_room as base, price.tax * plans.per_room as tax,
      price.fees * plans.per_room as fees, price.free_cancellation_until, price.confirmed_at
    from plans
    cross join lateral (
      select 1 as rank, itinerary.base, itinerary.tax, itinerary.fees, itinerary.free_cancellation_until, itinerary.confirmed_at
      from public.itinerary_prices itinerary
      where itinerary.plan_id = plans.id and itinerary.check_in = stay_prices.check_in and itinerary.nights = stay_prices.nights
        and itinerary.confirmed_at > now() - make_interval(hours => stay_prices.max_age_hours)
      union all
      select 2, sum(night.base), sum(night.tax), sum(night.fees), min(night.free_cancellation_until), min(night.confirmed_at)
      from public.nightly_rates night
      where night.plan_id = plans.id and night.night >= stay_prices.check_in and night.night < stay_prices.check_in + stay_prices.nights
        and night.confirmed_at > now() - make_interval(hours => stay_prices.max_age_hours)
      having count(*) = stay_prices.nights
    ) price
  ),
  ranked as (
    select priced.*, min(priced.rank) over (partition by priced.hotel_id, priced.partner_id) as best_rank from priced
  )
  select ranked.hotel_id, ranked.partner_id, ranked.id,
    case when ranked.rank = 1 then 'itinerary' else 'nightly' end,
    ranked.base, ranked.tax, ranked.fees, ranked.currency, ranked.base + ranked.tax + ranked.fees,
    round((ranked.base + ranked.tax + ranked.fees) * to_sek.factor, 2),
    ranked.conditions, ranked.breakfast_included, ranked.refundable, ranked.pay_at_hotel,
    case when ranked.refundable then ranked.free_cancellation_until end, ranked.room_name, ranked.landing_url, ranked.confirmed_at
  from ranked
  left join to_sek on to_sek.currency = ranked.currency
  where ranked.rank = ranked.best_rank
    and not exists (
      select 1 from public.sold_out_itineraries gone
      where gone.hotel_id = ranked.hotel_id and gone.partner_id = ranked.partner_id
        and gone.check_in = stay_prices.check_in and gone.nights = stay_prices.nights
    )
$$;

-- Each partner's offers without dates: per plan, the cheapest night of the next 30 days for two
-- adults in one room (an itinerary price counts per night), and the undated lead-in offers of the
-- per-night offers feed (SEK, taxes included, never pay at the hotel). per_night_sek is null when
-- the latest ECB rates lack the currency.
create or replace function public.lead_offers(hotel_ids uuid[], today date, max_age_hours integer)
  returns table (
    hotel_id uuid, partner_id text, plan_id integer, conditions smallint, currency text, per_night numeric,
    per_night_sek numeric, breakfast_included boolean, refundable boolean, pay_at_hotel boolean,
    room_name text, landing_url text, confirmed_at timestamptz
  )
  language sql
  stable
  as $$
  with plans as materialized (
    select plan.* from (select distinct unnest(lead_offers.hotel_ids) as id) wanted
    join public.rate_plans plan on plan.hotel_id = wanted.id
    join public.partners partner on partner.id = plan.partner_id and partner.active
    where plan.rooms = 1 and plan.adults >= 2
  ),
  -- Each plan's own nights and itineraries, by its primary key (see stay_prices).
  dated as (
    select plans.id as plan_id, cheapest.per_night, cheapest.confirmed_at
    from plans
    cross join lateral (
      select min(night.base + night.tax + night.fees) as per_night, max(night.confirmed_at) as confirmed_at
      from public.nightly_rates night
      where night.plan_id = plans.id and night.night >= lead_offers.today and night.night < lead_offers.today + 30
        and night.confirmed_at > now() - make_interval(hours => lead_offers.max_age_hours)
      union all
      select min(round((price.base + price.tax + price.fees) / price.nights, 2)), max(price.confirmed_at)
      from public.itinerary_prices price
      where price.plan_id = plans.id and price.check_in >= lead_offers.today and price.check_in < lead_offers.today + 30
        and price.confirmed_at > now() - make_interval(hours => lead_offers.max_age_hours)
    ) cheapest
    where cheapest.per_night is not null
  ),
  offers as (
    select plans.hotel_id, plans.partner_id, plans.id as plan_id, plans.conditions, plans.currency, min(dated.per_night) as per_night,
      plans.breakfast_included, plans.refundable, plans.pay_at_hotel, plans.room_name, plans.landing_url,
      max(dated.confirmed_at) as confirmed_at
    from dated join plans on plans.id = dated.plan_id
    group by plans.id, plans.hotel_id, plans.partner_id, plans.conditions, plans.currency, plans.breakfast_included,
      plans.refundable, plans.pay_at_hotel, plans.room_name, plans.landing_url
    union all
    select offer.hotel_id, offer.partner_id, null,
      ((case when offer.breakfast_included then 1 else 0 end) + (case when offer.free_cancellation then 2 else 0 end))::smallint,
      offer.currency, offer.price_per_night, offer.breakfast_included, offer.free_cancellation, false, null,
      offer.landing_url, offer.updated_at
    from public.hotel_offers offer
    join public.partners partner on partner.id = offer.partner_id and partner.active
    where offer.hotel_id = any(lead_offers.hotel_ids) and offer.gone_at is null
      and offer.updated_at > now() - make_interval(hours => lead_offers.max_age_hours)
  )
  select offers.hotel_id, offers.partner_id, offers.plan_id, offers.conditions, offers.currency, offers.per_night,
    case when offers.currency = 'SEK' then round(offers.per_night, 2) else round(offers.per_night * sek.per_eur / fx.per_eur, 2) end,
    offers.breakfast_included, offers.refundable, offers.pay_at_hotel, offers.room_name, offers.landing_url, offers.confirmed_at
  from offers
  left join public.latest_fx() fx on fx.currency = offers.currency
  left join public.latest_fx() sek on sek.currency = 'SEK'
$$;

-- The lead prices of the given hotels as their offers make them now (see hotel_lead_prices): one
-- row per hotel and set of conditions that some offer meets, with the partner of the cheapest.
create or replace function public.current_lead_prices(hotel_ids uuid[], today date, max_age_hours integer)
  returns table (hotel_id uuid, conditions smallint, price numeric, partner_id text)
  language sql
  stable
  as $$
  select distinct on (offer.hotel_id, wanted.conditions) offer.hotel_id, wanted.conditions, offer.per_night_sek, offer.partner_id
  from public.lead_offers(current_lead_prices.hotel_ids, current_lead_prices.today, current_lead_prices.max_age_hours) offer
  join (select generate_series(0, 7)::smallint as conditions) wanted on offer.conditions & wanted.conditions = wanted.conditions
  where offer.per_night_sek is not null
  order by offer.hotel_id, wanted.conditions, offer.per_night_sek, offer.partner_id
$$;

-- The summary lists read (hotels.offer_price, offer_count) and the lead prices per condition, now
-- from dated prices and lead-in offers alike. Same name and first argument as before, so the
-- partner switch's recompute and the offers feed's triggers keep calling it.
drop function public.refresh_hotel_offer_summary(uuid[]);
drop function public.current_offer_summary(uuid[]);

create or replace function public.current_offer_summary(
  hotel_ids uuid[], today date default current_date, max_age_hours integer default 72
)
  returns table (hotel_id uuid, offer_price numeric(12, 2), offer_count smallint)
  language sql
  stable
  as $$
  with wanted as (select distinct unnest(current_offer_summary.hotel_ids) as id),
  lead as (
    select lead.hotel_id, lead.price
    from public.current_lead_prices(current_offer_summary.hotel_ids, current_offer_summary.today, current_offer_summary.max_age_hours) lead
    where lead.conditions = 0
  ),
  -- Partners with a price from today on, dated or not.
  selling as (
    select plan.hotel_id, plan.partner_id from public.rate_plans plan
    where plan.hotel_id = any(current_offer_summary.hotel_ids)
      and (
        exists (select 1 from public.nightly_rates night where night.plan_id = plan.id
          and night.night >= current_offer_summary.today
          and night.confirmed_at > now() - make_interval(hours => current_offer_summary.max_age_hours))
        or exists (select 1 from public.itinerary_prices price where price.plan_id = plan.id
          and price.check_in >= current_offer_summary.today
          and price.confirmed_at > now() - make_interval(hours => current_offer_summary.max_age_hours))
      )
    union
    select offer.hotel_id, offer.partner_id from public.hotel_offers offer
    where offer.hotel_id = any(current_offer_summary.hotel_ids) and offer.gone_at is null
      and offer.updated_at > now() - make_interval(hours => current_offer_summary.max_age_hours)
  ),
  counted as (
    select selling.hotel_id, count(*) as partners from selling
    join public.partners partner on partner.id = selling.partner_id and partner.active
    group by selling.hotel_id
  )
  select wanted.id, lead.price::numeric(12, 2), coalesce(counted.partners, 0)::smallint
  from wanted
  left join lead on lead.hotel_id = wanted.id
  left join counted on counted.hotel_id = wanted.id
$$;

create or replace function public.refresh_hotel_offer_summary(
  hotel_ids uuid[], today date default current_date, max_age_hours integer default 72
)
  returns void
  language sql
  as $$
  delete from public.hotel_lead_prices lead where lead.hotel_id = any(refresh_hotel_offer_summary.hotel_ids);
  insert into public.hotel_lead_prices (hotel_id, conditions, price, partner_id)
  select now_lead.hotel_id, now_lead.conditions, now_lead.price, now_lead.partner_id
  from public.current_lead_prices(refresh_hotel_offer_summary.hotel_ids, refresh_hotel_offer_summary.today,
    refresh_hotel_offer_summary.max_age_hours) now_lead;
  update public.hotels hotel
  set offer_price = summary.offer_price, offer_count = summary.offer_count
  from public.current_offer_summary(refresh_hotel_offer_summary.hotel_ids, refresh_hotel_offer_summary.today,
    refresh_hotel_offer_summary.max_age_hours) summary
  where hotel.id = summary.hotel_id
    and (hotel.offer_price is distinct from summary.offer_price or hotel.offer_count <> summary.offer_count);
$$;

-- The hotel feed's own price (price_amount, in any currency, taxes unknown, at no partner) is not a
-- price a visitor can book: what a card shows and lists sort by is the partners' lead price only.
drop index if exists public.hotels_shown_price_idx;
alter table public.hotels drop column shown_price;
alter table public.hotels add column shown_price numeric(12, 2) generated always as (offer_price) stored;
create index hotels_shown_price_idx on public.hotels (shown_price asc nulls last, id);

alter table public.rate_plans enable row level security;
alter table public.nightly_rates enable row level security;
alter table public.itinerary_prices enable row level security;
alter table public.sold_out_itineraries enable row level security;
alter table public.hotel_lead_prices enable row level security;
