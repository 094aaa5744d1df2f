-- A place's price floors in one index range (issue 38 point 6, decision 074): the place calendar
-- read a floor row per hotel and month by the primary key, a descent of the index per hotel (1,000
-- for a big place) and a heap page per row. The floors now carry their hotel's place keys (as
-- hotels stores them), and an index by place, conditions and month that holds the floors too
-- gives a place's month of floors as one scan of adjacent index pages (index-only once vacuumed).
alter table public.hotel_price_floors
  add column country_key text,
  add column location_key text;

-- The floors stored before this migration: one set-based update, no arrays built.
update public.hotel_price_floors floor
set country_key = hotel.country_key, location_key = hotel.location_key
from public.hotels hotel
where hotel.id = floor.hotel_id;

create index hotel_price_floors_place_idx on public.hotel_price_floors (country_key, location_key, conditions, month)
  include (hotel_id, currency, floors);

-- As in 20261205300000, with the hotel's place keys on a new row.
create or replace function public.lower_price_floors(
  hotel_ids uuid[], nights date[], currencies text[], conditions smallint[], amounts numeric[]
)
  returns void
  language sql
  as $$
  insert into public.hotel_price_floors as floor (hotel_id, month, currency, conditions, floors, country_key, location_key)
  select night.hotel_id, night.month, night.currency, night.wanted, array[
      min(night.amount) filter (where night.dow = 1),
      min(night.amount) filter (where night.dow = 2),
      min(night.amount) filter (where night.dow = 3),
      min(night.amount) filter (where night.dow = 4),
      min(night.amount) filter (where night.dow = 5),
      min(night.amount) filter (where night.dow = 6),
      min(night.amount) filter (where night.dow = 7)
    ], hotel.country_key, hotel.location_key
  from (
    select given.hotel_id, date_trunc('month', given.night)::date as month, given.currency, wanted::smallint as wanted,
      extract(isodow from given.night)::integer as dow, given.amount::float8 as amount
    from unnest(lower_price_floors.hotel_ids, lower_price_floors.nights, lower_price_floors.currencies,
      lower_price_floors.conditions, lower_price_floors.amounts) as given(hotel_id, night, currency, conditions, amount)
    cross join generate_series(0, 7) wanted
    where given.conditions & wanted = wanted
  ) night
  join public.hotels hotel on hotel.id = night.hotel_id
  group by night.hotel_id, night.month, night.currency, night.wanted, hotel.country_key, hotel.location_key
  on conflict (hotel_id, month, currency, conditions) do update
  set floors = public.least_floors(floor.floors, excluded.floors)
  where floor.floors is distinct from public.least_floors(floor.floors, excluded.floors)
$$;

-- A hotel that moves takes its floors to its new place.
create or replace function public.move_price_floors()
  returns trigger
  language plpgsql
  as $$
begin
  update public.hotel_price_floors
  set country_key = new.country_key, location_key = new.location_key
  where hotel_id = new.id;
  return null;
end
$$;

create trigger hotels_move_price_floors after update of country, location on public.hotels
  for each row
  when (old.country_key is distinct from new.country_key or old.location_key is distinct from new.location_key)
  execute function public.move_price_floors();
