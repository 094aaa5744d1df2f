-- A month of stay prices (issue 38, decision 074): for every check-in date of a range, the
-- cheapest total in SEK of a stay of `nights` nights for the party, over the given hotels (one
-- hotel's calendar, or a place's), meeting the wanted conditions (bits of rate_plans.conditions).
-- The same price the hotel page and lists show for that stay (stay_prices, then the cheapest
-- total_sek meeting the conditions, as listStayPrices reads it), computed for the whole range in
-- one statement: each plan's nights are read once by its primary key and summed over a window of
-- `nights` consecutive nights; a partner's itinerary price for a check-in wins over its sums of
-- nights; a partner that said an itinerary is sold out has nothing for that check-in. A check-in
-- with no price is absent.
-- What an amount in each currency is worth in SEK at the latest ECB rates (as stay_prices converts).
create or replace function public.sek_factors()
  returns table (currency text, factor numeric)
  language sql
  stable
  as $$
    select 'SEK'::text as currency, 1::numeric as factor
    union all
    select fx.currency, sek.per_eur / fx.per_eur
    from public.latest_fx() fx join public.latest_fx() sek on sek.currency = 'SEK'
    where fx.currency <> 'SEK'
$$;

create or replace function public.stay_price_calendar(
  hotel_ids uuid[], first_check_in date, days integer, nights integer, adults integer, rooms integer,
  max_age_hours integer, wanted integer
)
  returns table (check_in date, total_sek numeric)
  language sql
  stable
  as $$
  with to_sek as materialized (select * from public.sek_factors()),
  -- The plans that serve the party (as in stay_prices), with their factor to SEK (null: not compared).
  plans as materialized (
    select plan.id, plan.hotel_id, plan.partner_id, plan.conditions, to_sek.factor,
      case when plan.rooms = stay_price_calendar.rooms then 1 else stay_price_calendar.rooms end as per_room
    from (select distinct unnest(stay_price_calendar.hotel_ids) as id) wanted
    join public.rate_plans plan on plan.hotel_id = wanted.id
    join public.partners partner on partner.id = plan.partner_id and partner.active
    left join to_sek on to_sek.currency = plan.currency
    where (plan.rooms = stay_price_calendar.rooms and plan.adults >= stay_price_calendar.adults)
      or (plan.rooms = 1 and stay_price_calendar.rooms > 1 and plan.adults * stay_price_calendar.rooms >= stay_price_calendar.adults)
  ),
  itineraries as materialized (
    select plans.hotel_id, plans.partner_id, plans.conditions, plans.factor, itinerary.check_in,
      (itinerary.base + itinerary.tax + itinerary.fees) * plans.per_room as total
    from plans
    join public.itinerary_prices itinerary on itinerary.plan_id = plans.id
    where itinerary.check_in >= stay_price_calendar.first_check_in
      and itinerary.check_in < stay_price_calendar.first_check_in + stay_price_calendar.days
      and itinerary.nights = stay_price_calendar.nights
      and itinerary.confirmed_at > now() - make_interval(hours => stay_price_calendar.max_age_hours)
  ),
  sold_out as materialized (
    select gone.hotel_id, gone.partner_id, gone.check_in from public.sold_out_itineraries gone
    where gone.hotel_id = any(stay_price_calendar.hotel_ids)
      and gone.check_in >= stay_price_calendar.first_check_in
      and gone.check_in < stay_price_calendar.first_check_in + stay_price_calendar.days
      and gone.nights = stay_price_calendar.nights
  ),
  -- Each plan's stays from its nights: the sum over the check-in and the nights after it, when
  -- every one of them is for sale (a missing night breaks the stay).
  summed as (
    select plans.hotel_id, plans.partner_id, plans.conditions, plans.factor, window_sum.check_in,
      window_sum.total * plans.per_room as total
    from plans
    cross join lateral (
      select night.night as check_in,
        sum(night.base + night.tax + night.fees) over stay as total,
        count(*) over stay as nights_for_sale
      from public.nightly_rates night
      where night.plan_id = plans.id
        and night.night >= stay_price_calendar.first_check_in
        and night.night < stay_price_calendar.first_check_in + stay_price_calendar.days + stay_price_calendar.nights - 1
        and night.confirmed_at > now() - make_interval(hours => stay_price_calendar.max_age_hours)
      window stay as (order by night.night range between current row and make_interval(days => stay_price_calendar.nights - 1) following)
    ) window_sum
    where window_sum.nights_for_sale = stay_price_calendar.nights
      and window_sum.check_in < stay_price_calendar.first_check_in + stay_price_calendar.days
  ),
  offers as (
    select itineraries.* from itineraries
    union all
    select summed.* from summed
    where not exists (
      select 1 from itineraries
      where itineraries.hotel_id = summed.hotel_id and itineraries.partner_id = summed.partner_id
        and itineraries.check_in = summed.check_in
    )
  )
  select offers.check_in, min(round(offers.total * offers.factor, 2))
  from offers
  where offers.factor is not null
    and offers.conditions & stay_price_calendar.wanted = stay_price_calendar.wanted
    and not exists (
      select 1 from sold_out
      where sold_out.hotel_id = offers.hotel_id and sold_out.partner_id = offers.partner_id and sold_out.check_in = offers.check_in
    )
  group by offers.check_in
$$;

-- A lower bound of what a hotel's nights cost, per month of the night, weekday (isodow 1–7, as
-- the array's index), currency and set of wanted conditions (`villkor`, the bits of
-- rate_plans.conditions; 0 wants none): the cheapest base + tax + fees of the nights on that
-- weekday of that month of its plans that meet those conditions, and of their itineraries per
-- night (total / nights, on each night they cover). Never shown as a price: it lets a place's calendar skip the hotels that cannot be the
-- cheapest for a check-in (the sum of a stay's nights' floors is at most what any plan of the
-- hotel meeting the conditions sells the stay for, whatever the party), and compute exactly only the rest
-- (decision 074). Kept by the triggers below: a new or changed price lowers a floor, nothing
-- raises one (a floor that is too low only makes the calendar read more hotels).
create table public.hotel_price_floors (
  hotel_id uuid not null references public.hotels (id) on delete cascade,
  month date not null,
  currency text not null,
  conditions smallint not null,
  -- Floats: a bound to compare with, never an amount to show (the calendar allows for their rounding).
  floors float8[] not null,
  primary key (hotel_id, month, currency, conditions),
  constraint hotel_price_floors_month check (extract(day from month) = 1),
  constraint hotel_price_floors_week check (cardinality(floors) = 7)
);
alter table public.hotel_price_floors enable row level security;

-- Each weekday's lower of two floors (least ignores a null: no night on that weekday yet).
create or replace function public.least_floors(was float8[], now_ float8[])
  returns float8[]
  language sql
  immutable
  as $$ select array[least(was[1], now_[1]), least(was[2], now_[2]), least(was[3], now_[3]), least(was[4], now_[4]), least(was[5], now_[5]), least(was[6], now_[6]), least(was[7], now_[7])] $$;

-- Lowers the floors by nights' prices: each night's hotel, date, currency, plan's conditions and
-- amount (base + tax + fees, per night), as arrays of the same length. A night counts for every set
-- of wanted conditions its plan meets.
create or replace function public.lower_price_floors(
  hotel_ids uuid[], nights date[], currencies text[], conditions smallint[], amounts numeric[]
)
  returns void
  language sql
  as $$
  insert into public.hotel_price_floors as floor (hotel_id, month, currency, conditions, floors)
  select night.hotel_id, night.month, night.currency, night.wanted, array[
      min(night.amount) filter (where night.dow = 1),
      min(night.amount) filter (where night.dow = 2),
      min(night.amount) filter (where night.dow = 3),
      min(night.amount) filter (where night.dow = 4),
      min(night.amount) filter (where night.dow = 5),
      min(night.amount) filter (where night.dow = 6),
      min(night.amount) filter (where night.dow = 7)
    ]
  from (
    select given.hotel_id, date_trunc('month', given.night)::date as month, given.currency, wanted::smallint as wanted,
      extract(isodow from given.night)::integer as dow, given.amount::float8 as amount
    from unnest(lower_price_floors.hotel_ids, lower_price_floors.nights, lower_price_floors.currencies,
      lower_price_floors.conditions, lower_price_floors.amounts) as given(hotel_id, night, currency, conditions, amount)
    cross join generate_series(0, 7) wanted
    where given.conditions & wanted = wanted
  ) night
  group by night.hotel_id, night.month, night.currency, night.wanted
  on conflict (hotel_id, month, currency, conditions) do update
  set floors = public.least_floors(floor.floors, excluded.floors)
  where floor.floors is distinct from public.least_floors(floor.floors, excluded.floors)
$$;

create or replace function public.lower_floors_by_nights()
  returns trigger
  language plpgsql
  as $$
begin
  perform public.lower_price_floors(array_agg(plan.hotel_id), array_agg(changed.night), array_agg(plan.currency),
    array_agg(plan.conditions), array_agg(changed.base + changed.tax + changed.fees))
  from changed join public.rate_plans plan on plan.id = changed.plan_id;
  return null;
end
$$;

-- An itinerary's total spread over its nights: the sum of its nights' floors is at most the total.
create or replace function public.lower_floors_by_itineraries()
  returns trigger
  language plpgsql
  as $$
begin
  perform public.lower_price_floors(array_agg(plan.hotel_id), array_agg(changed.check_in + night_number), array_agg(plan.currency),
    array_agg(plan.conditions), array_agg((changed.base + changed.tax + changed.fees) / changed.nights))
  from changed
  join public.rate_plans plan on plan.id = changed.plan_id
  cross join generate_series(0, changed.nights - 1) night_number;
  return null;
end
$$;

create trigger nightly_rates_lower_floors_insert after insert on public.nightly_rates
  referencing new table as changed for each statement execute function public.lower_floors_by_nights();
create trigger nightly_rates_lower_floors_update after update on public.nightly_rates
  referencing new table as changed for each statement execute function public.lower_floors_by_nights();
create trigger itinerary_prices_lower_floors_insert after insert on public.itinerary_prices
  referencing new table as changed for each statement execute function public.lower_floors_by_itineraries();
create trigger itinerary_prices_lower_floors_update after update on public.itinerary_prices
  referencing new table as changed for each statement execute function public.lower_floors_by_itineraries();

-- The prices stored before this migration, a hotel at a time (one call over every stored night
-- would build arrays beyond PostgreSQL's 1 GB limit at 100,000 hotels).
select public.lower_price_floors(array_agg(plan.hotel_id), array_agg(night.night), array_agg(plan.currency),
  array_agg(plan.conditions), array_agg(night.base + night.tax + night.fees))
from public.nightly_rates night join public.rate_plans plan on plan.id = night.plan_id
group by plan.hotel_id;
select public.lower_price_floors(array_agg(plan.hotel_id), array_agg(itinerary.check_in + night_number), array_agg(plan.currency),
  array_agg(plan.conditions), array_agg((itinerary.base + itinerary.tax + itinerary.fees) / itinerary.nights))
from public.itinerary_prices itinerary
join public.rate_plans plan on plan.id = itinerary.plan_id
cross join generate_series(0, itinerary.nights - 1) night_number
group by plan.hotel_id;
